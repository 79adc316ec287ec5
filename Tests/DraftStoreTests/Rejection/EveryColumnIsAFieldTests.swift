import DraftStore
import DraftStoreTesting
import Testing

/// A schema of these tests' own, snake_case tables and columns, no field declared with a label:
/// every refusal of the database lands under the fields its columns map to — in
/// `context.save()` and in a form — and only what no column owns is the record's.
enum Hiring {
    static let sql = """
        CREATE TABLE companies (id INTEGER PRIMARY KEY, company_name TEXT NOT NULL);
        CREATE TABLE job_posts (
            id INTEGER PRIMARY KEY,
            company_id INTEGER NOT NULL REFERENCES companies(id),
            owner_id INTEGER REFERENCES companies(id) DEFERRABLE INITIALLY DEFERRED,
            title TEXT NOT NULL,
            slug TEXT NOT NULL UNIQUE,
            salary INTEGER CONSTRAINT salary_positive CHECK (salary > 0),
            grade INTEGER CHECK (grade BETWEEN 1 AND 9),
            ref_code TEXT,
            contact_email TEXT,
            archived INTEGER NOT NULL DEFAULT 0,
            summary TEXT NOT NULL,
            internal_score INTEGER NOT NULL DEFAULT 0 CHECK (internal_score >= 0),
            UNIQUE (company_id, title)
        );
        CREATE UNIQUE INDEX job_posts_ref_code_lower ON job_posts (lower(ref_code));
        CREATE UNIQUE INDEX job_posts_live_contact ON job_posts (contact_email) WHERE archived = 0;
        CREATE TRIGGER job_posts_no_spam BEFORE INSERT ON job_posts WHEN NEW.title = 'SPAM'
            BEGIN SELECT RAISE(ABORT, 'no spam'); END;
        CREATE TRIGGER job_posts_score AFTER INSERT ON job_posts WHEN NEW.title = 'NEGATIVE'
            BEGIN UPDATE job_posts SET internal_score = -1 WHERE id = NEW.id; END;
        CREATE TABLE tag_codes (
            tag_code TEXT PRIMARY KEY,
            company_id INTEGER NOT NULL REFERENCES companies(id) DEFERRABLE INITIALLY DEFERRED,
            tag_label TEXT NOT NULL UNIQUE
        ) WITHOUT ROWID;
        INSERT INTO companies VALUES (1, 'Acme');
        INSERT INTO job_posts (company_id, title, slug, ref_code, contact_email, summary)
            VALUES (1, 'Taken title', 'taken', 'ABC', 'hr@example.com', 'x');
        INSERT INTO tag_codes VALUES ('t-1', 1, 'Remote');
        """
    static let fixture = StoreFixture(
        migrations: [Migration(name: "0001", sql: sql)], entities: [Company.self, JobPost.self, TagCode.self])
}

struct Company: Entity {
    var id: Int64?
    var companyName = ""
    static let schema = EntitySchema<Company>(
        table: "companies", columns: [.primaryKey("id", \.id), .column("company_name", \.companyName)])
}

struct JobPost: Entity {
    var id: Int64?
    var companyID: Int64 = 1
    var ownerID: Int64?
    var title = "Fresh title"
    var slug = "fresh"
    var salary: Int64? = 100
    var grade: Int64? = 5
    var refCode: String? = "NEW"
    var contactEmail: String? = "new@example.com"
    var summary: String? = "Good job"

    static let schema = EntitySchema<JobPost>(
        table: "job_posts",
        columns: [
            .primaryKey("id", \.id),
            .reference("company_id", \.companyID, to: Company.self),
            .column("owner_id", \.ownerID),
            .column("title", \.title),
            .column("slug", \.slug),
            .column("salary", \.salary),
            .column("grade", \.grade),
            .column("ref_code", \.refCode),
            .column("contact_email", \.contactEmail),
            .column("summary", \.summary),
        ])
}

struct TagCode: Entity {
    var tagCode = ""
    var companyID: Int64 = 1
    var tagLabel = ""
    static let schema = EntitySchema<TagCode>(
        table: "tag_codes",
        columns: [.primaryKey("tag_code", \.tagCode), .column("company_id", \.companyID), .column("tag_label", \.tagLabel)])
}

/// One kind of refusal: how a valid post is spoilt, the fields it must land under, and an edit of one of them.
struct Refusal: Sendable, CustomTestStringConvertible {
    let name: String
    let fields: [String]
    let code: FieldError.Code
    let spoil: @Sendable (inout JobPost) -> Void
    let mend: @Sendable (inout JobPost) -> Void
    var testDescription: String { name }

    static let all: [Refusal] = [
        Refusal(
            name: "foreign key", fields: ["company_id"], code: .invalidReference, spoil: { $0.companyID = 99 }, mend: { $0.companyID = 1 }),
        Refusal(
            name: "deferred foreign key", fields: ["owner_id"], code: .invalidReference, spoil: { $0.ownerID = 99 },
            mend: { $0.ownerID = nil }),
        Refusal(name: "unique", fields: ["slug"], code: .notUnique, spoil: { $0.slug = "taken" }, mend: { $0.slug = "other" }),
        Refusal(
            name: "composite unique", fields: ["company_id", "title"], code: .notUnique, spoil: { $0.title = "Taken title" },
            mend: { $0.title = "Other title" }),
        Refusal(
            name: "expression unique", fields: ["ref_code"], code: .notUnique, spoil: { $0.refCode = "abc" }, mend: { $0.refCode = "XYZ" }),
        Refusal(
            name: "partial unique", fields: ["contact_email"], code: .notUnique, spoil: { $0.contactEmail = "hr@example.com" },
            mend: { $0.contactEmail = nil }),
        Refusal(name: "named check", fields: ["salary"], code: .constraintViolated, spoil: { $0.salary = 0 }, mend: { $0.salary = 1 }),
        Refusal(name: "unnamed check", fields: ["grade"], code: .constraintViolated, spoil: { $0.grade = 10 }, mend: { $0.grade = 9 }),
        Refusal(name: "not null", fields: ["summary"], code: .required, spoil: { $0.summary = nil }, mend: { $0.summary = "Fine" }),
    ]
}

@Suite struct EveryColumnIsAFieldTests {
    /// `context.save()`: the refusal names its fields, nothing is written, and plain SQL refuses the same row.
    @Test(arguments: Refusal.all)
    func aContextSaveNamesTheFields(refusal: Refusal) throws {
        try Hiring.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            var post = JobPost()
            refusal.spoil(&post)
            let context = test.newChildContext()
            try context.insert(post)
            let errors = rejectedFields { try context.save() }
            #expect(errors.map(\.fields) == [refusal.fields], "\(errors)")
            #expect(errors.map(\.code) == [refusal.code])
            try mirror.expectSameTables(as: test.store)
            let columns = JobPost.schema.columns.map(\.name)
            let insert =
                "INSERT INTO job_posts (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
            #expect(throws: SQLiteError.self) { try mirror.run(insert, JobPost.schema.values(of: post)) }
        }
    }

    /// A form: the refusal is under each of its fields (one error), Save is disabled until one
    /// of them is edited, and then the save succeeds.
    @Test(arguments: Refusal.all)
    func aFormShowsTheRefusalUnderItsFields(refusal: Refusal) throws {
        try Hiring.fixture.withEachKind { test in
            var post = JobPost()
            refusal.spoil(&post)
            let item = try test.store.presentNew(post)
            let errors = rejectedFields { try item.save() }
            #expect(errors.count == 1 && errors.first?.fields == refusal.fields, "\(errors)")
            for field in refusal.fields {
                #expect(item.form.visibleErrors(for: field).map(\.code) == [refusal.code], "\(field)")
            }
            #expect(item.form.recordErrors.isEmpty)
            #expect(!item.canSave)
            item.draft.contactEmail = "someone@example.com"  // another field: still refused (unless it is the one)
            #expect(item.canSave == refusal.fields.contains("contact_email"))
            refusal.mend(&item.draft)
            #expect(item.canSave)
            #expect(try item.save().id != nil)
        }
    }

    /// Only what no column owns is the record's: a trigger's RAISE, a CHECK over a column the
    /// entity does not map (`internal_score`, set by a trigger).
    @Test(arguments: [("SPAM", FieldError.Code.refusedByTrigger), ("NEGATIVE", .constraintViolated)])
    func whatNoColumnOwnsIsTheRecords(title: String, code: FieldError.Code) throws {
        try Hiring.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let item = try test.store.presentNew(JobPost(title: title))
            let errors = rejectedFields { try item.save() }
            #expect(errors.map(\.code) == [code])
            #expect(errors.allSatisfy { $0.isRecordError })
            #expect(item.form.recordErrors.count == 1)
            #expect(item.canSave)  // the next attempt asks the store again
            try mirror.expectSameTables(as: test.store)
        }
    }

    /// A WITHOUT ROWID table: a UNIQUE and a deferred foreign key, each under its field.
    @Test func aWithoutRowidTablesRefusalsAreOnTheirFields() throws {
        try Hiring.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let unique = try test.store.presentNew(TagCode(tagCode: "t-2", companyID: 1, tagLabel: "Remote"))
            #expect(rejectedFields { try unique.save() }.map(\.fields) == [["tag_label"]])
            #expect(unique.form.visibleErrors(for: "tag_label").map(\.code) == [.notUnique])
            #expect(!unique.canSave)
            let deferred = try test.store.presentNew(TagCode(tagCode: "t-3", companyID: 77, tagLabel: "Onsite"))
            #expect(rejectedFields { try deferred.save() }.map(\.fields) == [["company_id"]])
            #expect(deferred.form.visibleErrors(for: "company_id").map(\.code) == [.invalidReference])
            #expect(!deferred.canSave)
            try mirror.expectSameTables(as: test.store)
            deferred.draft.companyID = 1
            #expect(deferred.canSave)
            try deferred.save()
        }
    }
}

extension JobPost {
    init(title: String) { self.title = title }
}
