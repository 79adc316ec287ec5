// The Chinook schema and sample rows, copied unchanged (header included) from the
// project's shared/schemas/chinook.sql; the SQL's own header names its source, commit and licence.

extension SchemaFixtures {
    /// Chinook (SQLite version): see the header comment inside the SQL.
    static let chinook = #"""
        -- Chinook sample database (SQLite version), a public sample schema of a digital music store.
        -- Source: github.com/lerocha/chinook-database, ChinookDatabase/DataSources/Chinook_Sqlite.sql
        -- at commit 7f67772503d71ba90f19283c38e93923addb43fa, unchanged except that the DROP TABLE section
        -- is left out and only the first rows of each table are kept (the full file is ~15,000 INSERTs).
        --
        -- Chinook Database
        -- --------------------------------------
        -- Copyright (c) 2008-2024 Luis Rocha
        -- 
        -- Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated 
        -- documentation files (the "Software"), to deal in the Software without restriction, including without limitation 
        -- the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and 
        -- to permit persons to whom the Software is furnished to do so, subject to the following conditions:
        -- 
        -- The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.
        -- THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

        /*******************************************************************************
           Create Tables
        ********************************************************************************/
        CREATE TABLE [Album]
        (
            [AlbumId] INTEGER  NOT NULL,
            [Title] NVARCHAR(160)  NOT NULL,
            [ArtistId] INTEGER  NOT NULL,
            CONSTRAINT [PK_Album] PRIMARY KEY  ([AlbumId]),
            FOREIGN KEY ([ArtistId]) REFERENCES [Artist] ([ArtistId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION
        );

        CREATE TABLE [Artist]
        (
            [ArtistId] INTEGER  NOT NULL,
            [Name] NVARCHAR(120),
            CONSTRAINT [PK_Artist] PRIMARY KEY  ([ArtistId])
        );

        CREATE TABLE [Customer]
        (
            [CustomerId] INTEGER  NOT NULL,
            [FirstName] NVARCHAR(40)  NOT NULL,
            [LastName] NVARCHAR(20)  NOT NULL,
            [Company] NVARCHAR(80),
            [Address] NVARCHAR(70),
            [City] NVARCHAR(40),
            [State] NVARCHAR(40),
            [Country] NVARCHAR(40),
            [PostalCode] NVARCHAR(10),
            [Phone] NVARCHAR(24),
            [Fax] NVARCHAR(24),
            [Email] NVARCHAR(60)  NOT NULL,
            [SupportRepId] INTEGER,
            CONSTRAINT [PK_Customer] PRIMARY KEY  ([CustomerId]),
            FOREIGN KEY ([SupportRepId]) REFERENCES [Employee] ([EmployeeId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION
        );

        CREATE TABLE [Employee]
        (
            [EmployeeId] INTEGER  NOT NULL,
            [LastName] NVARCHAR(20)  NOT NULL,
            [FirstName] NVARCHAR(20)  NOT NULL,
            [Title] NVARCHAR(30),
            [ReportsTo] INTEGER,
            [BirthDate] DATETIME,
            [HireDate] DATETIME,
            [Address] NVARCHAR(70),
            [City] NVARCHAR(40),
            [State] NVARCHAR(40),
            [Country] NVARCHAR(40),
            [PostalCode] NVARCHAR(10),
            [Phone] NVARCHAR(24),
            [Fax] NVARCHAR(24),
            [Email] NVARCHAR(60),
            CONSTRAINT [PK_Employee] PRIMARY KEY  ([EmployeeId]),
            FOREIGN KEY ([ReportsTo]) REFERENCES [Employee] ([EmployeeId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION
        );

        CREATE TABLE [Genre]
        (
            [GenreId] INTEGER  NOT NULL,
            [Name] NVARCHAR(120),
            CONSTRAINT [PK_Genre] PRIMARY KEY  ([GenreId])
        );

        CREATE TABLE [Invoice]
        (
            [InvoiceId] INTEGER  NOT NULL,
            [CustomerId] INTEGER  NOT NULL,
            [InvoiceDate] DATETIME  NOT NULL,
            [BillingAddress] NVARCHAR(70),
            [BillingCity] NVARCHAR(40),
            [BillingState] NVARCHAR(40),
            [BillingCountry] NVARCHAR(40),
            [BillingPostalCode] NVARCHAR(10),
            [Total] NUMERIC(10,2)  NOT NULL,
            CONSTRAINT [PK_Invoice] PRIMARY KEY  ([InvoiceId]),
            FOREIGN KEY ([CustomerId]) REFERENCES [Customer] ([CustomerId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION
        );

        CREATE TABLE [InvoiceLine]
        (
            [InvoiceLineId] INTEGER  NOT NULL,
            [InvoiceId] INTEGER  NOT NULL,
            [TrackId] INTEGER  NOT NULL,
            [UnitPrice] NUMERIC(10,2)  NOT NULL,
            [Quantity] INTEGER  NOT NULL,
            CONSTRAINT [PK_InvoiceLine] PRIMARY KEY  ([InvoiceLineId]),
            FOREIGN KEY ([InvoiceId]) REFERENCES [Invoice] ([InvoiceId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION
        );

        CREATE TABLE [MediaType]
        (
            [MediaTypeId] INTEGER  NOT NULL,
            [Name] NVARCHAR(120),
            CONSTRAINT [PK_MediaType] PRIMARY KEY  ([MediaTypeId])
        );

        CREATE TABLE [Playlist]
        (
            [PlaylistId] INTEGER  NOT NULL,
            [Name] NVARCHAR(120),
            CONSTRAINT [PK_Playlist] PRIMARY KEY  ([PlaylistId])
        );

        CREATE TABLE [PlaylistTrack]
        (
            [PlaylistId] INTEGER  NOT NULL,
            [TrackId] INTEGER  NOT NULL,
            CONSTRAINT [PK_PlaylistTrack] PRIMARY KEY  ([PlaylistId], [TrackId]),
            FOREIGN KEY ([PlaylistId]) REFERENCES [Playlist] ([PlaylistId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION
        );

        CREATE TABLE [Track]
        (
            [TrackId] INTEGER  NOT NULL,
            [Name] NVARCHAR(200)  NOT NULL,
            [AlbumId] INTEGER,
            [MediaTypeId] INTEGER  NOT NULL,
            [GenreId] INTEGER,
            [Composer] NVARCHAR(220),
            [Milliseconds] INTEGER  NOT NULL,
            [Bytes] INTEGER,
            [UnitPrice] NUMERIC(10,2)  NOT NULL,
            CONSTRAINT [PK_Track] PRIMARY KEY  ([TrackId]),
            FOREIGN KEY ([AlbumId]) REFERENCES [Album] ([AlbumId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([GenreId]) REFERENCES [Genre] ([GenreId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION,
            FOREIGN KEY ([MediaTypeId]) REFERENCES [MediaType] ([MediaTypeId]) 
        		ON DELETE NO ACTION ON UPDATE NO ACTION
        );



        /*******************************************************************************
           Create Primary Key Unique Indexes
        ********************************************************************************/

        /*******************************************************************************
           Create Foreign Keys
        ********************************************************************************/
        CREATE INDEX [IFK_AlbumArtistId] ON [Album] ([ArtistId]);

        CREATE INDEX [IFK_CustomerSupportRepId] ON [Customer] ([SupportRepId]);

        CREATE INDEX [IFK_EmployeeReportsTo] ON [Employee] ([ReportsTo]);

        CREATE INDEX [IFK_InvoiceCustomerId] ON [Invoice] ([CustomerId]);

        CREATE INDEX [IFK_InvoiceLineInvoiceId] ON [InvoiceLine] ([InvoiceId]);

        CREATE INDEX [IFK_InvoiceLineTrackId] ON [InvoiceLine] ([TrackId]);

        CREATE INDEX [IFK_PlaylistTrackPlaylistId] ON [PlaylistTrack] ([PlaylistId]);

        CREATE INDEX [IFK_PlaylistTrackTrackId] ON [PlaylistTrack] ([TrackId]);

        CREATE INDEX [IFK_TrackAlbumId] ON [Track] ([AlbumId]);

        CREATE INDEX [IFK_TrackGenreId] ON [Track] ([GenreId]);

        CREATE INDEX [IFK_TrackMediaTypeId] ON [Track] ([MediaTypeId]);

        /* [corpus] sample data: a referentially closed subset of the upstream INSERTs (artists 1-3, their albums and
           tracks, all genres, media types, employees and playlists, customers 1-5 and their invoices over those tracks) */
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (1, 'Rock');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (2, 'Jazz');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (3, 'Metal');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (4, 'Alternative & Punk');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (5, 'Rock And Roll');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (6, 'Blues');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (7, 'Latin');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (8, 'Reggae');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (9, 'Pop');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (10, 'Soundtrack');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (11, 'Bossa Nova');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (12, 'Easy Listening');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (13, 'Heavy Metal');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (14, 'R&B/Soul');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (15, 'Electronica/Dance');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (16, 'World');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (17, 'Hip Hop/Rap');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (18, 'Science Fiction');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (19, 'TV Shows');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (20, 'Sci Fi & Fantasy');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (21, 'Drama');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (22, 'Comedy');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (23, 'Alternative');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (24, 'Classical');
        INSERT INTO [Genre] ([GenreId], [Name]) VALUES (25, 'Opera');
        INSERT INTO [MediaType] ([MediaTypeId], [Name]) VALUES (1, 'MPEG audio file');
        INSERT INTO [MediaType] ([MediaTypeId], [Name]) VALUES (2, 'Protected AAC audio file');
        INSERT INTO [MediaType] ([MediaTypeId], [Name]) VALUES (3, 'Protected MPEG-4 video file');
        INSERT INTO [MediaType] ([MediaTypeId], [Name]) VALUES (4, 'Purchased AAC audio file');
        INSERT INTO [MediaType] ([MediaTypeId], [Name]) VALUES (5, 'AAC audio file');
        INSERT INTO [Artist] ([ArtistId], [Name]) VALUES (1, 'AC/DC');
        INSERT INTO [Artist] ([ArtistId], [Name]) VALUES (2, 'Accept');
        INSERT INTO [Artist] ([ArtistId], [Name]) VALUES (3, 'Aerosmith');
        INSERT INTO [Album] ([AlbumId], [Title], [ArtistId]) VALUES (1, 'For Those About To Rock We Salute You', 1);
        INSERT INTO [Album] ([AlbumId], [Title], [ArtistId]) VALUES (4, 'Let There Be Rock', 1);
        INSERT INTO [Album] ([AlbumId], [Title], [ArtistId]) VALUES (2, 'Balls to the Wall', 2);
        INSERT INTO [Album] ([AlbumId], [Title], [ArtistId]) VALUES (3, 'Restless and Wild', 2);
        INSERT INTO [Album] ([AlbumId], [Title], [ArtistId]) VALUES (5, 'Big Ones', 3);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (1, 'For Those About To Rock (We Salute You)', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 343719, 11170334, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (6, 'Put The Finger On You', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 205662, 6713451, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (7, 'Let''s Get It Up', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 233926, 7636561, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (8, 'Inject The Venom', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 210834, 6852860, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (9, 'Snowballed', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 203102, 6599424, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (10, 'Evil Walks', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 263497, 8611245, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (11, 'C.O.D.', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 199836, 6566314, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (12, 'Breaking The Rules', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 263288, 8596840, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (13, 'Night Of The Long Knives', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 205688, 6706347, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (14, 'Spellbound', 1, 1, 1, 'Angus Young, Malcolm Young, Brian Johnson', 270863, 8817038, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (2, 'Balls to the Wall', 2, 2, 1, 'U. Dirkschneider, W. Hoffmann, H. Frank, P. Baltes, S. Kaufmann, G. Hoffmann', 342562, 5510424, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (3, 'Fast As a Shark', 3, 2, 1, 'F. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman', 230619, 3990994, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (4, 'Restless and Wild', 3, 2, 1, 'F. Baltes, R.A. Smith-Diesel, S. Kaufman, U. Dirkscneider & W. Hoffman', 252051, 4331779, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (5, 'Princess of the Dawn', 3, 2, 1, 'Deaffy & R.A. Smith-Diesel', 375418, 6290521, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (15, 'Go Down', 4, 1, 1, 'AC/DC', 331180, 10847611, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (16, 'Dog Eat Dog', 4, 1, 1, 'AC/DC', 215196, 7032162, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (17, 'Let There Be Rock', 4, 1, 1, 'AC/DC', 366654, 12021261, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (18, 'Bad Boy Boogie', 4, 1, 1, 'AC/DC', 267728, 8776140, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (19, 'Problem Child', 4, 1, 1, 'AC/DC', 325041, 10617116, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (20, 'Overdose', 4, 1, 1, 'AC/DC', 369319, 12066294, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (21, 'Hell Ain''t A Bad Place To Be', 4, 1, 1, 'AC/DC', 254380, 8331286, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (22, 'Whole Lotta Rosie', 4, 1, 1, 'AC/DC', 323761, 10547154, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (23, 'Walk On Water', 5, 1, 1, 'Steven Tyler, Joe Perry, Jack Blades, Tommy Shaw', 295680, 9719579, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (24, 'Love In An Elevator', 5, 1, 1, 'Steven Tyler, Joe Perry', 321828, 10552051, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (25, 'Rag Doll', 5, 1, 1, 'Steven Tyler, Joe Perry, Jim Vallance, Holly Knight', 264698, 8675345, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (26, 'What It Takes', 5, 1, 1, 'Steven Tyler, Joe Perry, Desmond Child', 310622, 10144730, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (27, 'Dude (Looks Like A Lady)', 5, 1, 1, 'Steven Tyler, Joe Perry, Desmond Child', 264855, 8679940, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (28, 'Janie''s Got A Gun', 5, 1, 1, 'Steven Tyler, Tom Hamilton', 330736, 10869391, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (29, 'Cryin''', 5, 1, 1, 'Steven Tyler, Joe Perry, Taylor Rhodes', 309263, 10056995, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (30, 'Amazing', 5, 1, 1, 'Steven Tyler, Richie Supa', 356519, 11616195, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (31, 'Blind Man', 5, 1, 1, 'Steven Tyler, Joe Perry, Taylor Rhodes', 240718, 7877453, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (32, 'Deuces Are Wild', 5, 1, 1, 'Steven Tyler, Jim Vallance', 215875, 7074167, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (33, 'The Other Side', 5, 1, 1, 'Steven Tyler, Jim Vallance', 244375, 7983270, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (34, 'Crazy', 5, 1, 1, 'Steven Tyler, Joe Perry, Desmond Child', 316656, 10402398, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (35, 'Eat The Rich', 5, 1, 1, 'Steven Tyler, Joe Perry, Jim Vallance', 251036, 8262039, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (36, 'Angel', 5, 1, 1, 'Steven Tyler, Desmond Child', 307617, 9989331, 0.99);
        INSERT INTO [Track] ([TrackId], [Name], [AlbumId], [MediaTypeId], [GenreId], [Composer], [Milliseconds], [Bytes], [UnitPrice]) VALUES (37, 'Livin'' On The Edge', 5, 1, 1, 'Steven Tyler, Joe Perry, Mark Hudson', 381231, 12374569, 0.99);
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (1, 'Adams', 'Andrew', 'General Manager', NULL, '1962-02-18 00:00:00', '2002-08-14 00:00:00', '11120 Jasper Ave NW', 'Edmonton', 'AB', 'Canada', 'T5K 2N1', '+1 (780) 428-9482', '+1 (780) 428-3457', 'andrew@chinookcorp.com');
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (2, 'Edwards', 'Nancy', 'Sales Manager', 1, '1958-12-08 00:00:00', '2002-05-01 00:00:00', '825 8 Ave SW', 'Calgary', 'AB', 'Canada', 'T2P 2T3', '+1 (403) 262-3443', '+1 (403) 262-3322', 'nancy@chinookcorp.com');
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (3, 'Peacock', 'Jane', 'Sales Support Agent', 2, '1973-08-29 00:00:00', '2002-04-01 00:00:00', '1111 6 Ave SW', 'Calgary', 'AB', 'Canada', 'T2P 5M5', '+1 (403) 262-3443', '+1 (403) 262-6712', 'jane@chinookcorp.com');
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (4, 'Park', 'Margaret', 'Sales Support Agent', 2, '1947-09-19 00:00:00', '2003-05-03 00:00:00', '683 10 Street SW', 'Calgary', 'AB', 'Canada', 'T2P 5G3', '+1 (403) 263-4423', '+1 (403) 263-4289', 'margaret@chinookcorp.com');
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (5, 'Johnson', 'Steve', 'Sales Support Agent', 2, '1965-03-03 00:00:00', '2003-10-17 00:00:00', '7727B 41 Ave', 'Calgary', 'AB', 'Canada', 'T3B 1Y7', '1 (780) 836-9987', '1 (780) 836-9543', 'steve@chinookcorp.com');
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (6, 'Mitchell', 'Michael', 'IT Manager', 1, '1973-07-01 00:00:00', '2003-10-17 00:00:00', '5827 Bowness Road NW', 'Calgary', 'AB', 'Canada', 'T3B 0C5', '+1 (403) 246-9887', '+1 (403) 246-9899', 'michael@chinookcorp.com');
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (7, 'King', 'Robert', 'IT Staff', 6, '1970-05-29 00:00:00', '2004-01-02 00:00:00', '590 Columbia Boulevard West', 'Lethbridge', 'AB', 'Canada', 'T1K 5N8', '+1 (403) 456-9986', '+1 (403) 456-8485', 'robert@chinookcorp.com');
        INSERT INTO [Employee] ([EmployeeId], [LastName], [FirstName], [Title], [ReportsTo], [BirthDate], [HireDate], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email]) VALUES (8, 'Callahan', 'Laura', 'IT Staff', 6, '1968-01-09 00:00:00', '2004-03-04 00:00:00', '923 7 ST NW', 'Lethbridge', 'AB', 'Canada', 'T1H 1Y8', '+1 (403) 467-3351', '+1 (403) 467-8772', 'laura@chinookcorp.com');
        INSERT INTO [Customer] ([CustomerId], [FirstName], [LastName], [Company], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email], [SupportRepId]) VALUES (1, 'Luís', 'Gonçalves', 'Embraer - Empresa Brasileira de Aeronáutica S.A.', 'Av. Brigadeiro Faria Lima, 2170', 'São José dos Campos', 'SP', 'Brazil', '12227-000', '+55 (12) 3923-5555', '+55 (12) 3923-5566', 'luisg@embraer.com.br', 3);
        INSERT INTO [Customer] ([CustomerId], [FirstName], [LastName], [Company], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email], [SupportRepId]) VALUES (2, 'Leonie', 'Köhler', NULL, 'Theodor-Heuss-Straße 34', 'Stuttgart', NULL, 'Germany', '70174', '+49 0711 2842222', NULL, 'leonekohler@surfeu.de', 5);
        INSERT INTO [Customer] ([CustomerId], [FirstName], [LastName], [Company], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email], [SupportRepId]) VALUES (3, 'François', 'Tremblay', NULL, '1498 rue Bélanger', 'Montréal', 'QC', 'Canada', 'H2G 1A7', '+1 (514) 721-4711', NULL, 'ftremblay@gmail.com', 3);
        INSERT INTO [Customer] ([CustomerId], [FirstName], [LastName], [Company], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email], [SupportRepId]) VALUES (4, 'Bjørn', 'Hansen', NULL, 'Ullevålsveien 14', 'Oslo', NULL, 'Norway', '0171', '+47 22 44 22 22', NULL, 'bjorn.hansen@yahoo.no', 4);
        INSERT INTO [Customer] ([CustomerId], [FirstName], [LastName], [Company], [Address], [City], [State], [Country], [PostalCode], [Phone], [Fax], [Email], [SupportRepId]) VALUES (5, 'František', 'Wichterlová', 'JetBrains s.r.o.', 'Klanova 9/506', 'Prague', NULL, 'Czech Republic', '14700', '+420 2 4172 5555', '+420 2 4172 5555', 'frantisekw@jetbrains.com', 4);
        INSERT INTO [Invoice] ([InvoiceId], [CustomerId], [InvoiceDate], [BillingAddress], [BillingCity], [BillingState], [BillingCountry], [BillingPostalCode], [Total]) VALUES (1, 2, '2021-01-01 00:00:00', 'Theodor-Heuss-Straße 34', 'Stuttgart', NULL, 'Germany', '70174', 1.98);
        INSERT INTO [Invoice] ([InvoiceId], [CustomerId], [InvoiceDate], [BillingAddress], [BillingCity], [BillingState], [BillingCountry], [BillingPostalCode], [Total]) VALUES (2, 4, '2021-01-02 00:00:00', 'Ullevålsveien 14', 'Oslo', NULL, 'Norway', '0171', 3.96);
        INSERT INTO [InvoiceLine] ([InvoiceLineId], [InvoiceId], [TrackId], [UnitPrice], [Quantity]) VALUES (1, 1, 2, 0.99, 1);
        INSERT INTO [InvoiceLine] ([InvoiceLineId], [InvoiceId], [TrackId], [UnitPrice], [Quantity]) VALUES (2, 1, 4, 0.99, 1);
        INSERT INTO [InvoiceLine] ([InvoiceLineId], [InvoiceId], [TrackId], [UnitPrice], [Quantity]) VALUES (3, 2, 6, 0.99, 1);
        INSERT INTO [InvoiceLine] ([InvoiceLineId], [InvoiceId], [TrackId], [UnitPrice], [Quantity]) VALUES (4, 2, 8, 0.99, 1);
        INSERT INTO [InvoiceLine] ([InvoiceLineId], [InvoiceId], [TrackId], [UnitPrice], [Quantity]) VALUES (5, 2, 10, 0.99, 1);
        INSERT INTO [InvoiceLine] ([InvoiceLineId], [InvoiceId], [TrackId], [UnitPrice], [Quantity]) VALUES (6, 2, 12, 0.99, 1);
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (1, 'Music');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (2, 'Movies');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (3, 'TV Shows');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (4, 'Audiobooks');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (5, '90’s Music');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (6, 'Audiobooks');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (7, 'Movies');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (8, 'Music');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (9, 'Music Videos');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (10, 'TV Shows');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (11, 'Brazilian Music');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (12, 'Classical');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (13, 'Classical 101 - Deep Cuts');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (14, 'Classical 101 - Next Steps');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (15, 'Classical 101 - The Basics');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (16, 'Grunge');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (17, 'Heavy Metal Classic');
        INSERT INTO [Playlist] ([PlaylistId], [Name]) VALUES (18, 'On-The-Go 1');
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 1);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 1);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (17, 1);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 2);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 2);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (17, 2);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 3);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 3);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 3);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (17, 3);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 4);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 4);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 4);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (17, 4);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 5);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 5);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 5);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (17, 5);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 6);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 6);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 7);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 7);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 8);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 8);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 9);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 9);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 10);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 10);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 11);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 11);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 12);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 12);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 13);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 13);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 14);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 14);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 15);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 15);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 16);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 16);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 17);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 17);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 18);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 18);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 19);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 19);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 20);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 20);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 21);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 21);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 22);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 22);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 23);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 23);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 23);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 24);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 24);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 24);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 25);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 25);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 25);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 26);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 26);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 26);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 27);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 27);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 27);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 28);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 28);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 28);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 29);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 29);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 29);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 30);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 30);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 30);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 31);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 31);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 31);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 32);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 32);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 32);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 33);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 33);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 33);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 34);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 34);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 34);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 35);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 35);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 35);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 36);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 36);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 36);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (1, 37);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (5, 37);
        INSERT INTO [PlaylistTrack] ([PlaylistId], [TrackId]) VALUES (8, 37);
        """#
}
