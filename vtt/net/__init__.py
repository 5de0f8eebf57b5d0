"""Network play (no Qt): the protocol's messages (:mod:`vtt.net.protocol`), the host
that holds each room's match (:mod:`vtt.net.host`) and the client a window plays
through (:mod:`vtt.net.client`). See docs/network.md."""
