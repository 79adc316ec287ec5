// FreshRSS, the open-source self-hosted feed aggregator: its SQLite schema.
// Source: github.com/FreshRSS/FreshRSS, app/SQL/install.sql.sqlite.php at commit
// e04804d0f67dd43fd3f072b9a127768ee7b7b56c: the CREATE TABLE and CREATE INDEX statements of the
// $SQL_CREATE_TABLES, $SQL_CREATE_TABLE_ENTRYTMP and $SQL_CREATE_TABLE_TAGS arrays, unchanged except
// that they are taken out of their PHP string literals; the default category's INSERT (a PHP
// format string) and the default feeds are left out.
// Licence: GNU Affero General Public License v3.0 (LICENSE.txt at commit b47fc4f29f14a0e7a62a1c393128b2c4f395375a).
// The sample rows at the end are written for these tests.

extension SchemaFixtures {
    /// FreshRSS's schema (categories, feeds, entries, tags; ON DELETE and ON UPDATE actions) and a few rows.
    static let freshRSS = #"""
        CREATE TABLE IF NOT EXISTS `category` (
        	`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
        	`name` VARCHAR(255) NOT NULL,
        	UNIQUE (`name`)
        );

        CREATE TABLE IF NOT EXISTS `feed` (
        	`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
        	`url` VARCHAR(511) NOT NULL,
        	`category` SMALLINT DEFAULT 0,
        	`name` VARCHAR(255) NOT NULL,
        	`website` VARCHAR(255),
        	`description` TEXT,
        	`lastUpdate` INT(11) DEFAULT 0,	-- Until year 2038
        	`priority` TINYINT(2) NOT NULL DEFAULT 10,
        	`pathEntries` VARCHAR(511) DEFAULT NULL,
        	`httpAuth` VARCHAR(511) DEFAULT NULL,
        	`error` BOOLEAN DEFAULT 0,
        	`keep_history` MEDIUMINT NOT NULL DEFAULT -2,
        	`ttl` INT NOT NULL DEFAULT 0,
        	`attributes` TEXT,	-- v1.11.0
        	`cache_nbEntries` INT DEFAULT 0,
        	`cache_nbUnreads` INT DEFAULT 0,
        	FOREIGN KEY (`category`) REFERENCES `category`(`id`) ON DELETE SET NULL ON UPDATE CASCADE,
        	UNIQUE (`url`)
        );
        CREATE INDEX IF NOT EXISTS feed_name_index ON `feed`(`name`);
        CREATE INDEX IF NOT EXISTS feed_priority_index ON `feed`(`priority`);
        CREATE INDEX IF NOT EXISTS feed_keep_history_index ON `feed`(`keep_history`);

        CREATE TABLE IF NOT EXISTS `entry` (
        	`id` BIGINT NOT NULL,
        	`guid` VARCHAR(760) NOT NULL,
        	`title` VARCHAR(255) NOT NULL,
        	`author` VARCHAR(255),
        	`content` TEXT,
        	`link` VARCHAR(1023) NOT NULL,
        	`date` INT(11),	-- Until year 2038
        	`lastSeen` INT(11) DEFAULT 0,	-- v1.1.1, Until year 2038
        	`hash` BINARY(16),	-- v1.1.1
        	`is_read` BOOLEAN NOT NULL DEFAULT 0,
        	`is_favorite` BOOLEAN NOT NULL DEFAULT 0,
        	`id_feed` SMALLINT,
        	`tags` VARCHAR(1023),
        	PRIMARY KEY (`id`),
        	FOREIGN KEY (`id_feed`) REFERENCES `feed`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
        	UNIQUE (`id_feed`,`guid`)
        );
        CREATE INDEX IF NOT EXISTS entry_is_favorite_index ON `entry`(`is_favorite`);
        CREATE INDEX IF NOT EXISTS entry_is_read_index ON `entry`(`is_read`);
        CREATE INDEX IF NOT EXISTS entry_lastSeen_index ON `entry`(`lastSeen`);

        CREATE TABLE IF NOT EXISTS `entrytmp` (	-- v1.7
        	`id` BIGINT NOT NULL,
        	`guid` VARCHAR(760) NOT NULL,
        	`title` VARCHAR(255) NOT NULL,
        	`author` VARCHAR(255),
        	`content` TEXT,
        	`link` VARCHAR(1023) NOT NULL,
        	`date` INT(11),
        	`lastSeen` INT(11) DEFAULT 0,
        	`hash` BINARY(16),
        	`is_read` BOOLEAN NOT NULL DEFAULT 0,
        	`is_favorite` BOOLEAN NOT NULL DEFAULT 0,
        	`id_feed` SMALLINT,
        	`tags` VARCHAR(1023),
        	PRIMARY KEY (`id`),
        	FOREIGN KEY (`id_feed`) REFERENCES `feed`(`id`) ON DELETE CASCADE ON UPDATE CASCADE,
        	UNIQUE (`id_feed`,`guid`)
        );
        CREATE INDEX IF NOT EXISTS entrytmp_date_index ON `entrytmp`(`date`);

        CREATE INDEX IF NOT EXISTS `entry_feed_read_index` ON `entry`(`id_feed`,`is_read`);

        CREATE TABLE IF NOT EXISTS `tag` (	-- v1.12
        	`id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
        	`name` VARCHAR(63) NOT NULL,
        	`attributes` TEXT,
        	UNIQUE (`name`)
        );
        CREATE TABLE IF NOT EXISTS `entrytag` (
        	`id_tag` SMALLINT,
        	`id_entry` SMALLINT,
        	PRIMARY KEY (`id_tag`,`id_entry`),
        	FOREIGN KEY (`id_tag`) REFERENCES `tag` (`id`) ON DELETE CASCADE ON UPDATE CASCADE,
        	FOREIGN KEY (`id_entry`) REFERENCES `entry` (`id`) ON DELETE CASCADE ON UPDATE CASCADE
        );
        CREATE INDEX entrytag_id_entry_index ON `entrytag` (`id_entry`);

        INSERT INTO category (id, name) VALUES (1, 'Uncategorized'), (2, 'Swift');
        INSERT INTO feed (id, url, category, name) VALUES
            (1, 'https://freshrss.org/feeds/all.atom.xml', 1, 'FreshRSS.org'),
            (2, 'https://www.swift.org/atom.xml', 2, 'Swift.org'),
            (3, 'https://forums.swift.org/latest.rss', 2, 'Swift Forums');
        INSERT INTO entry (id, guid, title, link, date, is_read, id_feed) VALUES
            (1001, 'g1', 'FreshRSS 1.24', 'https://freshrss.org/1', 1700000001, 0, 1),
            (1002, 'g2', 'FreshRSS 1.25', 'https://freshrss.org/2', 1700000002, 1, 1),
            (2001, 'g1', 'Swift 6.1', 'https://www.swift.org/1', 1700000003, 0, 2),
            (2002, 'g2', 'Swift 6.2', 'https://www.swift.org/2', 1700000004, 0, 2),
            (3001, 'g1', 'Pitch: graphs', 'https://forums.swift.org/1', 1700000005, 1, 3);
        INSERT INTO tag (id, name) VALUES (1, 'later'), (2, 'starred');
        INSERT INTO entrytag (id_tag, id_entry) VALUES (1, 1001), (2, 1001), (2, 2001), (1, 3001);
        """#
}
