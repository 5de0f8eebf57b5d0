"""Network play (issue 29): a host holds the match, clients receive their seat's frames
and send commands (docs/network.md)."""
