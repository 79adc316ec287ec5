// A schema of the tests' own ("atlas"), written for what the public ones lack: a TEXT key set
// by the app, a WITHOUT ROWID table, foreign keys to a non-key UNIQUE column (CASCADE and
// SET NULL), ON DELETE SET DEFAULT and RESTRICT, composite foreign keys (CASCADE and SET NULL), NUMERIC and REAL columns, column DEFAULTs, an AFTER INSERT
// trigger, a generated column, a self-referencing table, and a STRICT WITHOUT ROWID table with a
// deferred foreign key. Written for DraftStore's tests.

extension SchemaFixtures {
    /// The atlas schema and a few rows.
    static let atlas = #"""
        CREATE TABLE countries (
            id INTEGER PRIMARY KEY,
            num INTEGER NOT NULL UNIQUE,
            name TEXT NOT NULL,
            population NUMERIC,
            area REAL
        );
        CREATE TABLE cities (
            id INTEGER PRIMARY KEY,
            country_num INTEGER NOT NULL REFERENCES countries(num) ON DELETE CASCADE,
            capital_of INTEGER REFERENCES countries(num) ON DELETE SET NULL,
            name TEXT NOT NULL,
            rating NUMERIC NOT NULL DEFAULT 0
        );
        CREATE INDEX cities_country ON cities(country_num);
        CREATE TABLE languages (
            code TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL CHECK (length(name) > 0)
        ) WITHOUT ROWID;
        CREATE TABLE spoken (
            country_num INTEGER NOT NULL REFERENCES countries(num) ON DELETE CASCADE,
            language TEXT NOT NULL REFERENCES languages(code) ON DELETE CASCADE,
            share REAL,
            PRIMARY KEY (country_num, language)
        );
        CREATE TABLE dialects (
            id TEXT PRIMARY KEY NOT NULL,
            country_num INTEGER NOT NULL,
            language TEXT NOT NULL,
            name TEXT NOT NULL,
            FOREIGN KEY (country_num, language) REFERENCES spoken(country_num, language) ON DELETE CASCADE
        );
        CREATE TABLE phrases (
            id TEXT PRIMARY KEY NOT NULL,
            country_num INTEGER,
            language TEXT,
            text TEXT NOT NULL,
            FOREIGN KEY (country_num, language) REFERENCES spoken(country_num, language) ON DELETE SET NULL
        );
        CREATE TABLE notes (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL DEFAULT 'untitled',
            created TEXT DEFAULT CURRENT_TIMESTAMP,
            body TEXT NOT NULL DEFAULT '',
            words INTEGER GENERATED ALWAYS AS (CASE WHEN body = '' THEN 0 ELSE length(body) - length(replace(body, ' ', '')) + 1 END),
            slug TEXT
        );
        CREATE TRIGGER notes_slug AFTER INSERT ON notes BEGIN
            UPDATE notes SET slug = lower(replace(NEW.title, ' ', '-')) WHERE id = NEW.id;
        END;
        CREATE TABLE visits (
            id INTEGER PRIMARY KEY,
            city_id INTEGER NOT NULL DEFAULT 5 REFERENCES cities(id) ON DELETE SET DEFAULT,
            language TEXT REFERENCES languages(code) ON DELETE RESTRICT,
            note TEXT
        );
        CREATE TABLE ledger (
            id TEXT PRIMARY KEY,
            country_num INTEGER REFERENCES countries(num) DEFERRABLE INITIALLY DEFERRED,
            amount REAL NOT NULL,
            qty INTEGER NOT NULL,
            memo ANY
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE folders (
            id INTEGER PRIMARY KEY,
            parent_id INTEGER REFERENCES folders(id),
            name TEXT NOT NULL
        );

        CREATE TRIGGER folders_reserved BEFORE INSERT ON folders WHEN NEW.name = 'trash' BEGIN
            SELECT RAISE(ABORT, 'the name trash is reserved');
        END;

        INSERT INTO countries VALUES (1, 2, 'Brazil', 1.0, 0.49), (2, 1, 'Argentina', 45376763, 2780400.5), (3, 7, 'Chile', NULL, NULL);
        INSERT INTO cities VALUES (1, 1, 1, 'Buenos Aires', 4.5), (2, 1, NULL, 'Rosario', 3), (3, 2, 2, 'Brasilia', 4.0),
            (4, 2, NULL, 'Recife', 2.25), (5, 7, 7, 'Santiago', 1), (6, 7, 2, 'Valparaiso', 2);
        INSERT INTO languages VALUES ('es', 'Spanish'), ('pt', 'Portuguese'), ('gn', 'Guarani');
        INSERT INTO spoken VALUES (1, 'es', 0.97), (1, 'gn', 0.01), (2, 'pt', 0.98), (7, 'es', 1.0);
        INSERT INTO dialects VALUES ('d-rioplatense', 1, 'es', 'Rioplatense'), ('d-carioca', 2, 'pt', 'Carioca'),
            ('d-chileno', 7, 'es', 'Chilean');
        INSERT INTO phrases VALUES ('p-che', 1, 'es', 'che'), ('p-cachai', 7, 'es', '¿cachai?'), ('p-oi', 2, 'pt', 'oi');
        INSERT INTO ledger VALUES ('e-1', 7, 2.0, 3, 'first'), ('e-2', NULL, 0.1, 1, NULL);
        INSERT INTO visits VALUES (1, 1, 'gn', 'tango'), (2, 3, NULL, 'congress');
        INSERT INTO folders VALUES (1, NULL, 'root'), (2, 1, 'letters');
        """#
}
