import DraftStore

// Sakila's staff, stores, customers, rentals and payments.

struct Staff: Entity, Equatable {
    var staffID: Int64?
    var firstName = ""
    var lastName = ""
    var addressID: Int64 = 0
    var email: String?
    var storeID: Int64 = 0
    var active: Int64?
    var username = ""
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Staff>(
        table: "staff",
        columns: [
            .primaryKey("staff_id", \.staffID), .column("first_name", \.firstName), .column("last_name", \.lastName),
            .reference("address_id", \.addressID, to: Address.self), .column("email", \.email),
            .reference("store_id", \.storeID, to: Store.self),
            .column("active", \.active), .column("username", \.username), .column("last_update", \.lastUpdate),
        ])
}

struct Store: Entity, Equatable {
    var storeID: Int64?
    var managerStaffID: Int64 = 0
    var addressID: Int64 = 0
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Store>(
        table: "store",
        columns: [
            .primaryKey("store_id", \.storeID), .reference("manager_staff_id", \.managerStaffID, to: Staff.self),
            .reference("address_id", \.addressID, to: Address.self), .column("last_update", \.lastUpdate),
        ])
}

struct SakilaCustomer: Entity, Equatable {
    var customerID: Int64?
    var storeID: Int64 = 1
    var firstName = ""
    var lastName = ""
    var email: String?
    var addressID: Int64 = 0
    var active: String?
    var createDate = Sakila.stamp
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<SakilaCustomer>(
        table: "customer",
        columns: [
            .primaryKey("customer_id", \.customerID), .reference("store_id", \.storeID, to: Store.self),
            .column("first_name", \.firstName), .column("last_name", \.lastName), .column("email", \.email),
            .reference("address_id", \.addressID, to: Address.self), .column("active", \.active), .column("create_date", \.createDate),
            .column("last_update", \.lastUpdate),
        ])
}

struct Rental: Entity, Equatable {
    var rentalID: Int64?
    var rentalDate = ""
    var inventoryID: Int64 = 0
    var customerID: Int64 = 0
    var returnDate: String?
    var staffID: Int64 = 1
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Rental>(
        table: "rental",
        columns: [
            .primaryKey("rental_id", \.rentalID), .column("rental_date", \.rentalDate),
            .reference("inventory_id", \.inventoryID, to: Inventory.self),
            .reference("customer_id", \.customerID, to: SakilaCustomer.self), .column("return_date", \.returnDate),
            .reference("staff_id", \.staffID, to: Staff.self), .column("last_update", \.lastUpdate),
        ])
}

struct Payment: Entity, Equatable {
    var paymentID: Int64?
    var customerID: Int64 = 0
    var staffID: Int64 = 1
    var rentalID: Int64?
    var amount = 0.0
    var paymentDate = ""
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<Payment>(
        table: "payment",
        columns: [
            .primaryKey("payment_id", \.paymentID), .reference("customer_id", \.customerID, to: SakilaCustomer.self),
            .reference("staff_id", \.staffID, to: Staff.self), .reference("rental_id", \.rentalID, to: Rental.self),
            .column("amount", \.amount), .column("payment_date", \.paymentDate), .column("last_update", \.lastUpdate),
        ])
}
