"""Shared fixtures: the repository root and the engine corpora's cases
(tests/corpus_cases.py, the same case list the C++ corpus tests read)."""

import importlib.util
import os
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CORPUS = os.path.join(ROOT, "tests", "data", "corpus")
CORPORA = ["godot3", "godot4", "pandemonium", "pandemonium4", "pandemonium_typed"]


def load_corpus_cases():
    spec = importlib.util.spec_from_file_location(
        "corpus_cases", os.path.join(ROOT, "tests", "corpus_cases.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="session")
def root():
    return ROOT
