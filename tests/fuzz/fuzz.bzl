"""gdwire_fuzz_target: a libFuzzer target and its test.

Under --config=fuzz (clang, --define=fuzz=1) the binary links libFuzzer's
main and the test runs a bounded fuzzing session (run_fuzzer.sh); in any
other build it links standalone_main.cc and the test replays the seeds and
the regression corpus regressions/<name>/ and the corpus grown by the long
campaign corpora/<name>/ (tests/fuzz/fuzz_campaign.sh) under gcc (ASan or not).
"""

def gdwire_fuzz_target(name, srcs, deps, seeds = ":seeds"):
    native.cc_binary(
        name = name,
        testonly = True,
        srcs = srcs,
        linkopts = select({
            ":fuzzing": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        deps = deps + [":fuzz_util"] + select({
            ":fuzzing": [],
            "//conditions:default": [":standalone_main"],
        }),
    )
    native.sh_test(
        name = name + "_test",
        size = "small",
        timeout = "moderate",
        srcs = ["run_fuzzer.sh"],
        args = [
            "$(location :%s)" % name,
            "$(location %s)" % seeds,
            "tests/fuzz/regressions/" + name,
            "tests/fuzz/corpora/" + name,
        ],
        data = [
            ":" + name,
            seeds,
        ] + native.glob([
            "regressions/%s/**" % name,
            "corpora/%s/**" % name,
        ]),
    )
