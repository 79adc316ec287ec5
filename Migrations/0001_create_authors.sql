-- Authors: one row per person. The e-mail is unique regardless of ASCII case.
CREATE TABLE authors (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL CONSTRAINT authors_name_not_blank CHECK (length(name) > 0),
    email TEXT NOT NULL CONSTRAINT authors_email_not_blank CHECK (length(email) > 0),
    bio TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
) STRICT;

CREATE UNIQUE INDEX authors_email_unique ON authors(email COLLATE NOCASE);
CREATE INDEX authors_name_index ON authors(name);
