"""Play across devices with no server: protocol, signalling codes, host and guest logic."""
