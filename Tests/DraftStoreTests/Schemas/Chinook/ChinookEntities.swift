import DraftStore

// Entities for every table of Chinook (Fixtures/Chinook.swift): keys named `ArtistId` etc.,
// the composite key of the join table PlaylistTrack, the self-reference Employee.ReportsTo,
// NUMERIC(10,2) prices and DATETIME text columns (read as text).

enum Chinook {
    static let migrations = SchemaFixtures.migrations("chinook", SchemaFixtures.chinook)
    static let entities: [any Entity.Type] = [
        ChinookArtist.self, Album.self, Genre.self, MediaType.self, Track.self, ChinookPlaylist.self, ChinookPlaylistTrack.self,
        Employee.self,
        Customer.self, Invoice.self, InvoiceLine.self,
    ]
}

struct ChinookArtist: Entity, Equatable {
    var artistID: Int64?
    var name: String?
    static let schema = EntitySchema<ChinookArtist>(
        table: "Artist", columns: [.primaryKey("ArtistId", \.artistID), .column("Name", \.name)])
}

struct Album: Entity, Equatable {
    var albumID: Int64?
    var title = ""
    var artistID: Int64 = 0
    static let schema = EntitySchema<Album>(
        table: "Album",
        columns: [.primaryKey("AlbumId", \.albumID), .column("Title", \.title), .reference("ArtistId", \.artistID, to: ChinookArtist.self)])
}

struct Genre: Entity, Equatable {
    var genreID: Int64?
    var name: String?
    static let schema = EntitySchema<Genre>(table: "Genre", columns: [.primaryKey("GenreId", \.genreID), .column("Name", \.name)])
}

struct MediaType: Entity, Equatable {
    var mediaTypeID: Int64?
    var name: String?
    static let schema = EntitySchema<MediaType>(
        table: "MediaType", columns: [.primaryKey("MediaTypeId", \.mediaTypeID), .column("Name", \.name)])
}

struct Track: Entity, Equatable {
    var trackID: Int64?
    var name = ""
    var albumID: Int64?
    var mediaTypeID: Int64 = 1
    var genreID: Int64?
    var composer: String?
    var milliseconds: Int64 = 0
    var bytes: Int64?
    var unitPrice = 0.99
    static let schema = EntitySchema<Track>(
        table: "Track",
        columns: [
            .primaryKey("TrackId", \.trackID), .column("Name", \.name), .reference("AlbumId", \.albumID, to: Album.self),
            .reference("MediaTypeId", \.mediaTypeID, to: MediaType.self), .reference("GenreId", \.genreID, to: Genre.self),
            .column("Composer", \.composer), .column("Milliseconds", \.milliseconds), .column("Bytes", \.bytes),
            .column("UnitPrice", \.unitPrice),
        ])
}

struct ChinookPlaylist: Entity, Equatable {
    var playlistID: Int64?
    var name: String?
    static let schema = EntitySchema<ChinookPlaylist>(
        table: "Playlist", columns: [.primaryKey("PlaylistId", \.playlistID), .column("Name", \.name)])
}

struct ChinookPlaylistTrack: Entity, Equatable {
    var playlistID: Int64?
    var trackID: Int64?
    static let schema = EntitySchema<ChinookPlaylistTrack>(
        table: "PlaylistTrack",
        columns: [
            .primaryKey("PlaylistId", \.playlistID, references: ChinookPlaylist.self),
            .primaryKey("TrackId", \.trackID, references: Track.self),
        ])
}

struct Employee: Entity, Equatable {
    var employeeID: Int64?
    var lastName = ""
    var firstName = ""
    var title: String?
    var reportsTo: Int64?
    var birthDate: String?
    var hireDate: String?
    var email: String?
    static let schema = EntitySchema<Employee>(
        table: "Employee",
        columns: [
            .primaryKey("EmployeeId", \.employeeID), .column("LastName", \.lastName), .column("FirstName", \.firstName),
            .column("Title", \.title), .reference("ReportsTo", \.reportsTo, to: Employee.self), .column("BirthDate", \.birthDate),
            .column("HireDate", \.hireDate), .column("Email", \.email),
        ])
}

struct Customer: Entity, Equatable {
    var customerID: Int64?
    var firstName = ""
    var lastName = ""
    var company: String?
    var country: String?
    var email = ""
    var supportRepID: Int64?
    static let schema = EntitySchema<Customer>(
        table: "Customer",
        columns: [
            .primaryKey("CustomerId", \.customerID), .column("FirstName", \.firstName), .column("LastName", \.lastName),
            .column("Company", \.company), .column("Country", \.country), .column("Email", \.email),
            .reference("SupportRepId", \.supportRepID, to: Employee.self),
        ])
}

struct Invoice: Entity, Equatable {
    var invoiceID: Int64?
    var customerID: Int64 = 0
    var invoiceDate = ""
    var billingCity: String?
    var total = 0.0
    static let schema = EntitySchema<Invoice>(
        table: "Invoice",
        columns: [
            .primaryKey("InvoiceId", \.invoiceID), .reference("CustomerId", \.customerID, to: Customer.self),
            .column("InvoiceDate", \.invoiceDate), .column("BillingCity", \.billingCity), .column("Total", \.total),
        ])
}

struct InvoiceLine: Entity, Equatable {
    var invoiceLineID: Int64?
    var invoiceID: Int64 = 0
    var trackID: Int64 = 0
    var unitPrice = 0.0
    var quantity: Int64 = 1
    static let schema = EntitySchema<InvoiceLine>(
        table: "InvoiceLine",
        columns: [
            .primaryKey("InvoiceLineId", \.invoiceLineID), .reference("InvoiceId", \.invoiceID, to: Invoice.self),
            .reference("TrackId", \.trackID, to: Track.self), .column("UnitPrice", \.unitPrice), .column("Quantity", \.quantity),
        ])
}
