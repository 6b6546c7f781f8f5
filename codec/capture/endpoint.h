// Copyright 2026 The gdwire Authors.
//
// codec/capture/endpoint.h: gdwire::capture::Endpoint, an IPv4 or IPv6
// address and a port (the source or destination of a captured message): the
// type of codec/net/endpoint.h under the capture's namespace.
//
//   gdwire::capture::Endpoint e;                // 127.0.0.1:9000
//   e.SetV4(0x7f000001); e.port = 9000;
//   e.ToString();                               // "127.0.0.1:9000"

#ifndef GDWIRE_CODEC_CAPTURE_ENDPOINT_H_
#define GDWIRE_CODEC_CAPTURE_ENDPOINT_H_

#include "codec/net/endpoint.h"

namespace gdwire {
namespace capture {

using net::Endpoint;

}  // namespace capture
}  // namespace gdwire

#endif  // GDWIRE_CODEC_CAPTURE_ENDPOINT_H_
