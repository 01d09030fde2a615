"""Use cases of tavolo and the ports they need; asynchronous, with no concrete I/O."""
