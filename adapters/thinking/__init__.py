"""Where searching computer players think: the ``Thinking`` port's adapters."""
