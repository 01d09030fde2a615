"""Fault injection against real processes: services stopped and started, sockets closed
at the worst moment, workers killed; every scenario asserts outcomes and prints its figures."""
