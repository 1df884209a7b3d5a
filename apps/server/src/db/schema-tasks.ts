import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, lastWrittenDate, serialId, ts } from './columns.js';

/** Names of a catalogue row in the original's six languages. */
export type LangTexts = Partial<Record<'EN' | 'AR' | 'ES' | 'FR' | 'PT' | 'ZH', string | null>>;

/** A catalogue row's protocol version and task family (0 reading, 1 setting, 2 control, 3 token). */
export const catalogueFamily = {
  version: text('version').notNull(),
  type: integer('type').notNull(),
};

/** How a catalogue row's answer is decoded and named, in six languages, then the audit columns. */
export const catalogueDisplay = {
  format: text('format'),
  analysisFormat: text('analysis_format'),
  analysisPrefix: jsonb('analysis_prefix').$type<LangTexts>().notNull().default({}),
  typeNames: jsonb('type_names').$type<LangTexts>().notNull().default({}),
  names: jsonb('names').$type<LangTexts>().notNull().default({}),
  ...auditColumns,
};

/**
 * The DL/T 645 data-item catalogue: data, not code. The task engine reads a
 * row to know which frame a flag becomes and how to show the answer.
 */
export const dlt645Items = pgTable(
  'dlt645_items',
  {
    dlt645Id: serial('dlt645_id').primaryKey(),
    ...catalogueFamily,
    flag: text('flag').notNull(),
    /** Function code (hex): 11 read, 14 write, 1C relay. */
    control: text('control'),
    /** The DL/T 645-2007 identifier behind the flag (8 hex), null for relay commands. */
    di: text('di'),
    /** Write password (6 digits) and operator (8 digits): secrets, never returned. */
    password: text('password'),
    operator: text('operator'),
    passwordLevel: integer('password_level').notNull().default(2),
    data: text('data'),
    ...catalogueDisplay,
  },
  (t) => [uniqueIndex('dlt645_items_key').on(t.version, t.type, t.flag)],
);

/** What the engine needs of a catalogue row (see remote-task/task-frames.ts). */
export interface TaskSpec {
  control: string | null;
  di: string | null;
  format: string | null;
  analysisFormat: string | null;
  data: string | null;
  password: string | null;
  operator: string | null;
  passwordLevel: number;
  /** A DLMS task: the catalogue row's object (class, logical name, attribute or method). */
  dlms?: DlmsTaskSpec;
}

export interface DlmsTaskSpec {
  dlmsId: number;
  classId: number;
  obis: string;
  /** "2" (attribute) or "m1" (method). */
  attributeMethod: string;
  entry: string | null;
}

export type TaskKindColumn = 'reading' | 'setting' | 'control' | 'token' | 'transparent';

/**
 * One task per meter. Status 0 StandBy → 3 Running → 1 Success / 2 Failure. A Running task holds a
 * lease (owner + until): a process that dies leaves it to expire, and whoever finds it expired puts it
 * back to StandBy (or fails it when its attempts are spent). Finishing is fenced on the lease owner.
 */
export const remoteTasks = pgTable(
  'remote_tasks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<TaskKindColumn>().notNull(),
    /** How the task reaches its meter: a DL/T 645 frame, or a DLMS/COSEM association (GPRS tasks). */
    protocol: text('protocol').$type<'dlt645' | 'dlms'>().notNull().default('dlt645'),
    meterId: text('meter_id').notNull(),
    customerId: text('customer_id'),
    customerName: text('customer_name'),
    stationId: text('station_id').notNull(),
    version: text('version'),
    flag: text('flag'),
    /** Names of the data item at creation, per language (the catalogue may change later). */
    names: jsonb('names').$type<LangTexts>().notNull().default({}),
    /** Labels of the decoded value per language (the catalogue's analysis prefix). */
    prefixes: jsonb('prefixes').$type<LangTexts>().notNull().default({}),
    /**
     * The catalogue row as it was when the task was created (frame recipe, format, write password):
     * a task runs what the operator asked even if the catalogue changes meanwhile. Never returned.
     */
    spec: jsonb('spec').$type<TaskSpec>(),
    /** Payload asked for (token digits, value to write, relay default data). */
    request: text('request'),
    /** Transparent forwarding: the frame to send, as hex. */
    sendFrame: text('send_frame'),
    receiveFrame: text('receive_frame'),
    data: text('data'),
    dataPrefix: text('data_prefix'),
    status: integer('status').notNull().default(0),
    /** control 30 > token 20 > setting 15 > reading/transparent 10. */
    priority: integer('priority').notNull().default(10),
    /** Exchanges tried so far, across resends. */
    attempts: integer('attempts').notNull().default(0),
    /** Link-failure retries left in the current run (reset by a resend). */
    retriesLeft: integer('retries_left').notNull().default(0),
    runAfter: ts('run_after').notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    reason: text('reason'),
    ...auditColumns,
    /** Unlike master data, a task's update date is set from its creation on. */
    updateDate: lastWrittenDate(),
  },
  (t) => [
    index('remote_tasks_queue_idx').on(t.priority.desc(), t.id).where(sql`status = 0`),
    index('remote_tasks_standby_meter_idx').on(t.meterId, t.priority, t.id).where(sql`status = 0`),
    index('remote_tasks_running_idx').on(t.meterId).where(sql`status = 3`),
    index('remote_tasks_kind_idx').on(t.kind, t.id),
    index('remote_tasks_meter_idx').on(t.meterId, t.id),
  ],
);

/** Every exchange of a task with its meter: frame sent, raw reply, decoded value and outcome. */
export const remoteTaskAttempts = pgTable(
  'remote_task_attempts',
  {
    id: serialId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => remoteTasks.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome'),
    /** Each frame sent in the attempt, in order (hex). */
    sendFrames: text('send_frames').array(),
    /** Each frame received in the attempt, in order (hex); the last is the answer. */
    receiveFrames: text('receive_frames').array(),
    value: text('value'),
    errorWord: integer('error_word'),
    detail: text('detail'),
    transport: text('transport'),
    /** Which server process ran it (host:pid:boot). */
    runner: text('runner'),
    startDate: ts('start_date').notNull().defaultNow(),
    endDate: ts('end_date'),
  },
  (t) => [uniqueIndex('remote_task_attempts_key').on(t.taskId, t.attempt)],
);
