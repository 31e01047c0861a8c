import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { ts, createdAt, updatedAt, tsvector, bytea } from './columns';

/** Services the business offers (the assistant quotes their description and price). */
export const services = pgTable(
  'services',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    status: text('status').notNull(),
    /** How often the service recurs, counted in frequency_unit (0 = one-off). Spec: digits only. */
    frequency: integer('frequency').notNull(),
    frequencyUnit: text('frequency_unit', { enum: ['day', 'week', 'month'] })
      .notNull()
      .default('day'),
    /** How long a visit lasts: an appointment for the service without an end lasts this long. */
    durationMinutes: integer('duration_minutes').notNull().default(60),
    description: text('description'),
    price: text('price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [index('services_business_created').on(table.businessId, table.createdAt)],
);

/** The knowledge base: the spec's twelve memory types. Files are kept by the storage module. */
export const memories = pgTable(
  'memories',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    type: text('type').notNull(),
    status: text('status').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    /** For questions: the owner's answer (answered_question). */
    answer: text('answer'),
    sourceUrl: text('source_url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    sizeBytes: integer('size_bytes'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (table) => [
    index('memories_business_created').on(table.businessId, table.createdAt),
    index('memories_business_type').on(table.businessId, table.type),
  ],
);

/**
 * Searchable chunks of memories and services (knowledge search). The tsvector is generated
 * by the database from the text, so every write keeps the index right.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    memoryId: text('memory_id').references(() => memories.id),
    serviceId: text('service_id').references(() => services.id),
    ordinal: integer('ordinal').notNull().default(0),
    heading: text('heading'),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(heading, '')), 'A') || setweight(to_tsvector('english', text), 'B')`,
      ),
    /** What the chunk means (or, for an answered question, what its question means), for recall by meaning; null until computed. */
    embedding: bytea('embedding'),
  },
  (table) => [
    index('knowledge_chunks_search').using('gin', table.search),
    index('knowledge_chunks_business').on(table.businessId),
    index('knowledge_chunks_memory').on(table.memoryId),
    index('knowledge_chunks_service').on(table.serviceId),
  ],
);

/** Background jobs of the data loader (onboarding step 4): a website crawl and its progress. */
export const learningJobs = pgTable(
  'learning_jobs',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id),
    kind: text('kind').notNull(),
    url: text('url'),
    status: text('status').notNull(),
    pagesFound: integer('pages_found').notNull().default(0),
    pagesFetched: integer('pages_fetched').notNull().default(0),
    pagesLearned: integer('pages_learned').notNull().default(0),
    errors: jsonb('errors').$type<{ url: string; error: string }[]>().notNull().default([]),
    /** Written while a server works on the job; a stale one is resumed by another server. */
    heartbeatAt: ts('heartbeat_at'),
    createdBy: text('created_by'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('learning_jobs_business').on(table.businessId, table.createdAt)],
);

/** The crawl frontier of a job, so a job left (or a server restarted) resumes where it was. */
export const learningPages = pgTable(
  'learning_pages',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => learningJobs.id),
    url: text('url').notNull(),
    depth: integer('depth').notNull().default(0),
    status: text('status').notNull(),
    error: text('error'),
    memoryId: text('memory_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('learning_pages_job_url').on(table.jobId, table.url),
    index('learning_pages_job_status').on(table.jobId, table.status),
  ],
);
