// Copyright 2026 The gdwire Authors.
//
// python/src/document.h: gdwire.Document and gdwire.Element, indexed access
// to a big message without building all of it (codec/document).
//
//   doc = gdwire.Document(data)
//   pos = doc["players"][3]["pos"]   # Vector3; containers stay Elements

#ifndef GDWIRE_PYTHON_SRC_DOCUMENT_H_
#define GDWIRE_PYTHON_SRC_DOCUMENT_H_

#include <pybind11/pybind11.h>

namespace gdwire {
namespace python {

void BindDocument(pybind11::module_& m);

}  // namespace python
}  // namespace gdwire

#endif  // GDWIRE_PYTHON_SRC_DOCUMENT_H_
