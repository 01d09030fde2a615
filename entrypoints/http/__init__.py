"""The Sanic HTTP edge: the app factory, one blueprint per resource, the schemas."""
