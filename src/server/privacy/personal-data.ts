import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { MailContext } from '../integrations/mail/template';

/**
 * Personal data, declared where it is kept (decision 099). Every table of the schema is declared
 * by exactly one part of the server: which of its columns can hold a person's data, which export
 * section lists them and what erasure does, or that it holds none and why. A test walks the real
 * schema of both databases against these declarations, so a new table is covered by export and
 * erasure before it can ship.
 */

/** Written in place of an e-mail address that was erased (payments, donations, bookings, the outbox). */
export const ERASED = 'erased';
/** Written in place of a name that was erased (an attendee kept as an anonymous attendance). */
export const ERASED_NAME = '(erased at their request)';

/** The person an export or an erasure is about, as their account knows them. */
export type Person = {
  userId: string;
  /** Every address they used with the account (its current one and earlier ones), trimmed and lower-cased. */
  emailKeys: string[];
  /** Their name as the account has it ("Ani Sargsyan"), to find them in free text such as audit summaries. */
  fullName: string;
};

/** What an erasure gives each part: the person, and where to leave what it found. */
export type Erasure = Person & {
  /** The erasure's instant (ISO-8601 UTC). */
  at: string;
  /** The site's details for mail the erasure queues (a freed place offered on), read before the transaction. */
  mail: MailContext;
  /** Ids of records about the person (bookings, payments): audit entries about them lose their details. */
  subjects: Set<string>;
  /** Work for once the erasure has committed (a refund, cancelling a card payment): a failure is logged, never undoes it. */
  afterCommit(work: () => Promise<void>): void;
};

/** Explanations by column: why it is kept, or why it is not personal. */
type Reasons = Readonly<Record<string, string>>;

/** One table of the schema, as the part that owns it declares it. */
export type TableCoverage =
  | {
      /**
       * Columns that can hold a name, e-mail, postal or network address, phone number, account id,
       * or free text about a person (a mail's body).
       */
      personal: readonly string[];
      /** The section of the export document that lists the person's rows, or why they are not exported. */
      export: string | { omitted: string };
      /** Of `personal`, columns erasure keeps, each with what obliges us to (a law). */
      kept?: Reasons;
      /** Columns whose names look personal but hold no one's data (the venue's address), each with why. */
      notPersonal?: Reasons;
    }
  | {
      /** Why the table holds no personal data. */
      none: string;
      notPersonal?: Reasons;
    };

export type PersonalDataCoverage = {
  /** The part of the server that declares it (named when the schema test fails). */
  owner: string;
  tables: Readonly<Record<string, TableCoverage>>;
  /** The person's rows, as sections of the export document (`{ event_bookings: [...] }`). */
  export?(db: Kysely<Database>, person: Person): Promise<Record<string, unknown>>;
  /** Erases or anonymises the person's rows, in the erasure's one transaction. */
  erase?(trx: Kysely<Database>, erasure: Erasure): Promise<void>;
};

export function holdsPersonalData(table: TableCoverage): table is Extract<TableCoverage, { personal: readonly string[] }> {
  return 'personal' in table && table.personal.length > 0;
}

export type PersonalDataDeps = {
  db: Kysely<Database>;
  clock: () => Date;
  mailContext: () => Promise<MailContext>;
  log: { warn(obj: object, msg: string): void };
};

/**
 * The declarations of every part, run as one: an export gathers every part's sections; an
 * erasure runs every part's step in one transaction, in the order given (the audit log last: it
 * scrubs what the others found), then the work left for after the commit.
 */
export function personalDataRegistry(coverages: readonly PersonalDataCoverage[], deps: PersonalDataDeps) {
  const owners = new Map<string, string>();
  for (const coverage of coverages) {
    for (const [table, declared] of Object.entries(coverage.tables)) {
      const other = owners.get(table);
      if (other) throw new Error(`The table ${table} is declared twice, by ${other} and by ${coverage.owner}`);
      owners.set(table, coverage.owner);
      if (holdsPersonalData(declared) && (!coverage.export || !coverage.erase))
        throw new Error(`${coverage.owner} declares personal data in ${table} but no export and erasure of it`);
    }
  }

  return {
    coverages,

    /** Every part's sections of the person's export, in the order of the parts. */
    async export(person: Person): Promise<Record<string, unknown>> {
      const document: Record<string, unknown> = {};
      for (const coverage of coverages) {
        if (!coverage.export) continue;
        for (const [section, rows] of Object.entries(await coverage.export(deps.db, person))) {
          if (section in document) throw new Error(`Two parts export a section named ${section}`);
          document[section] = rows;
        }
      }
      return document;
    },

    /**
     * Erases the person everywhere in one transaction: `within` runs it (an audited change, so
     * its entry commits with it), or a plain transaction. Work left for after the commit then runs.
     */
    async erase(person: Person, within?: (work: (trx: Kysely<Database>) => Promise<void>) => Promise<void>): Promise<void> {
      // Read before the transaction: on SQLite it holds the one connection.
      const mail = await deps.mailContext();
      const after: (() => Promise<void>)[] = [];
      const work = async (trx: Kysely<Database>) => {
        after.length = 0;
        const erasure: Erasure = {
          ...person,
          at: deps.clock().toISOString(),
          mail,
          subjects: new Set([person.userId]),
          afterCommit: (task) => void after.push(task),
        };
        for (const coverage of coverages) await coverage.erase?.(trx, erasure);
      };
      await (within ? within(work) : inTransaction(deps.db, work));
      for (const task of after) {
        try {
          await task();
        } catch (error) {
          deps.log.warn({ err: error }, 'Work after an erasure failed; the scheduled jobs make up for it');
        }
      }
    },
  };
}
export type PersonalDataRegistry = ReturnType<typeof personalDataRegistry>;
