-- Books: each belongs to one author and goes with it when the author is deleted.
CREATE TABLE books (
    id INTEGER PRIMARY KEY,
    author_id INTEGER NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
    title TEXT NOT NULL CONSTRAINT books_title_not_blank CHECK (length(title) > 0),
    year INTEGER CONSTRAINT books_year_range CHECK (year IS NULL OR year BETWEEN 1450 AND 9999)
) STRICT;

CREATE INDEX books_author_id_index ON books(author_id);
