"""What the SQL match repositories (PostgreSQL, SQLite) share.

``dialect`` says how the two dialects differ (pypika query class, placeholder
style, JSON handling) and binds values; ``queries`` builds every statement
with pypika for either dialect; ``rows`` turns rows back into records;
``replay`` holds the rating arithmetic (also used by the in-memory
repository); ``migrations`` finds and applies the numbered schema files of the
``migrations`` package.
"""
