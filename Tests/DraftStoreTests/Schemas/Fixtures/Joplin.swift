// Joplin, the open-source note-taking app: the first version of its SQLite profile schema.
// Source: github.com/laurent22/joplin, packages/lib/JoplinDatabase.ts at commit
// 016c2fc9ffdb3775d72b9951367379c37d5440f2, the `structureSql` constant (what upgradeDatabase runs for
// version 1; later versions add columns with ALTER TABLE). Copied unchanged except that the template
// literal's \` escapes are written as the backticks they stand for.
// Licence: MIT (LICENSE at commit 0114c985c27f03592e3b5f5ad26fd6a2e2c8db21: "Copyright (c) 2016-2021 Laurent Cozic").
// The sample rows at the end are written for these tests.

extension SchemaFixtures {
    /// Joplin's version 1 schema and a few rows.
    static let joplin = #"""

        CREATE TABLE folders (
        	id TEXT PRIMARY KEY,
        	title TEXT NOT NULL DEFAULT "",
        	created_time INT NOT NULL,
        	updated_time INT NOT NULL
        );

        CREATE INDEX folders_title ON folders (title);
        CREATE INDEX folders_updated_time ON folders (updated_time);

        CREATE TABLE notes (
        	id TEXT PRIMARY KEY,
        	parent_id TEXT NOT NULL DEFAULT "",
        	title TEXT NOT NULL DEFAULT "",
        	body TEXT NOT NULL DEFAULT "",
        	created_time INT NOT NULL,
        	updated_time INT NOT NULL,
        	is_conflict INT NOT NULL DEFAULT 0,
        	latitude NUMERIC NOT NULL DEFAULT 0,
        	longitude NUMERIC NOT NULL DEFAULT 0,
        	altitude NUMERIC NOT NULL DEFAULT 0,
        	author TEXT NOT NULL DEFAULT "",
        	source_url TEXT NOT NULL DEFAULT "",
        	is_todo INT NOT NULL DEFAULT 0,
        	todo_due INT NOT NULL DEFAULT 0,
        	todo_completed INT NOT NULL DEFAULT 0,
        	source TEXT NOT NULL DEFAULT "",
        	source_application TEXT NOT NULL DEFAULT "",
        	application_data TEXT NOT NULL DEFAULT "",
        	`order` INT NOT NULL DEFAULT 0
        );

        CREATE INDEX notes_title ON notes (title);
        CREATE INDEX notes_updated_time ON notes (updated_time);
        CREATE INDEX notes_is_conflict ON notes (is_conflict);
        CREATE INDEX notes_is_todo ON notes (is_todo);
        CREATE INDEX notes_order ON notes (`order`);

        CREATE TABLE tags (
        	id TEXT PRIMARY KEY,
        	title TEXT NOT NULL DEFAULT "",
        	created_time INT NOT NULL,
        	updated_time INT NOT NULL
        );

        CREATE INDEX tags_title ON tags (title);
        CREATE INDEX tags_updated_time ON tags (updated_time);

        CREATE TABLE note_tags (
        	id TEXT PRIMARY KEY,
        	note_id TEXT NOT NULL,
        	tag_id TEXT NOT NULL,
        	created_time INT NOT NULL,
        	updated_time INT NOT NULL
        );

        CREATE INDEX note_tags_note_id ON note_tags (note_id);
        CREATE INDEX note_tags_tag_id ON note_tags (tag_id);
        CREATE INDEX note_tags_updated_time ON note_tags (updated_time);

        CREATE TABLE resources (
        	id TEXT PRIMARY KEY,
        	title TEXT NOT NULL DEFAULT "",
        	mime TEXT NOT NULL,
        	filename TEXT NOT NULL DEFAULT "",
        	created_time INT NOT NULL,
        	updated_time INT NOT NULL
        );

        CREATE INDEX resources_title ON resources (title);
        CREATE INDEX resources_updated_time ON resources (updated_time);

        CREATE TABLE settings (
        	`key` TEXT PRIMARY KEY,
        	`value` TEXT,
        	`type` INT NOT NULL
        );

        CREATE TABLE table_fields (
        	id INTEGER PRIMARY KEY,
        	table_name TEXT NOT NULL,
        	field_name TEXT NOT NULL,
        	field_type INT NOT NULL,
        	field_default TEXT
        );

        CREATE TABLE sync_items (
        	id INTEGER PRIMARY KEY,
        	sync_target INT NOT NULL,
        	sync_time INT NOT NULL DEFAULT 0,
        	item_type INT NOT NULL,
        	item_id TEXT NOT NULL
        );

        CREATE INDEX sync_items_sync_time ON sync_items (sync_time);
        CREATE INDEX sync_items_sync_target ON sync_items (sync_target);
        CREATE INDEX sync_items_item_type ON sync_items (item_type);
        CREATE INDEX sync_items_item_id ON sync_items (item_id);

        CREATE TABLE deleted_items (
        	id INTEGER PRIMARY KEY,
        	item_type INT NOT NULL,
        	item_id TEXT NOT NULL,
        	deleted_time INT NOT NULL
        );

        CREATE TABLE version (
        	version INT NOT NULL
        );

        INSERT INTO version (version) VALUES (1);

        -- [DraftStore tests] sample rows
        INSERT INTO folders VALUES ('0f1a2b3c4d5e6f708192a3b4c5d6e7f8', 'Travel', 1600000000000, 1600000000000);
        INSERT INTO notes (id, parent_id, title, body, created_time, updated_time, latitude, longitude, altitude) VALUES
            ('9a8b7c6d5e4f30211203f4e5d6c7b8a9', '0f1a2b3c4d5e6f708192a3b4c5d6e7f8', 'Paris', 'Louvre, Orsay', 1600000000001, 1600000000001,
                48.8566, 2.3522, 35.0),
            ('1b2c3d4e5f60718293a4b5c6d7e8f901', '0f1a2b3c4d5e6f708192a3b4c5d6e7f8', 'Packing list', '- passport', 1600000000002, 1600000000002,
                1.0, 0, 0);
        INSERT INTO tags VALUES ('aa00000000000000000000000000000a', 'europe', 1600000000003, 1600000000003);
        INSERT INTO note_tags VALUES ('bb00000000000000000000000000000b', '9a8b7c6d5e4f30211203f4e5d6c7b8a9', 'aa00000000000000000000000000000a',
            1600000000004, 1600000000004);
        INSERT INTO settings VALUES ('locale', 'en_GB', 2), ('sync.target', '7', 1);
        """#
}
