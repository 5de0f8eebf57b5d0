"""Network play (no Qt): the protocol's messages (:mod:`vtt.net.protocol`) and the host
that holds each room's match (:mod:`vtt.net.host`). See docs/network.md."""
