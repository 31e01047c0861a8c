import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ApiDeps } from '#api/deps';
import { memories } from '#api/db/schema';
import { updateMemory, type MemoryDeps, type MemoryRow } from '#api/features/memories/service';
import { storageOf } from '../storage';
import { extractText, type ExtractionPool } from './index';

/**
 * Reads the PDF and Word uploads stored before the reader kept paragraphs, headings and tables
 * again from their original files (storage keeps them), and replaces the text it extracted then:
 * the memory is re-indexed through the usual write. Only a memory nobody changed since its upload
 * is replaced (its content is still its caption and the extracted text), so an owner's edits are
 * never lost; re-reading a memory the current reader already read changes nothing, so running
 * this twice is harmless. `npm run knowledge:reread` runs it.
 */
export type RereadDeps = MemoryDeps & Pick<ApiDeps, 'storage' | 'filesDir'>;
export type RereadReport = { updated: number; unchanged: number; skipped: number; failed: number };

/** The caption the member typed above the extracted text, or null when the content is no longer caption + text. */
function captionOf(row: MemoryRow): string | null {
  const extracted = Number((row.meta as Record<string, unknown> | null)?.extracted_chars);
  if (!Number.isInteger(extracted) || extracted <= 0) return null;
  const captionLength = row.content.length - extracted;
  if (captionLength === 0) return '';
  if (captionLength < 2 || row.content.slice(captionLength - 2, captionLength) !== '\n\n') return null;
  return row.content.slice(0, captionLength - 2);
}

export async function rereadUploads(
  deps: RereadDeps,
  options: { businessId?: string; pool?: ExtractionPool } = {},
): Promise<RereadReport> {
  const report: RereadReport = { updated: 0, unchanged: 0, skipped: 0, failed: 0 };
  const rows = await deps.db
    .select()
    .from(memories)
    .where(
      and(
        isNotNull(memories.fileKey),
        isNull(memories.deletedAt),
        sql`${memories.meta}->>'kind' in ('pdf', 'docx')`,
        options.businessId ? sql`${memories.businessId} = ${options.businessId}` : undefined,
      ),
    );
  const storage = storageOf(deps);
  for (const row of rows) {
    const caption = captionOf(row);
    if (row.status === 'failed' || row.updatedAt.getTime() !== row.createdAt.getTime() || caption === null) {
      report.skipped += 1;
      continue;
    }
    try {
      const stored = await storage.get(row.fileKey as string);
      if (!stored) throw new Error('file missing');
      const extracted = await extractText(
        stored.bytes,
        row.mimeType ?? stored.mimeType,
        row.fileName ?? '',
        options.pool,
      );
      const content = [caption, extracted.text].filter(Boolean).join('\n\n');
      if (!extracted.text || content === row.content) {
        report.unchanged += 1;
        continue;
      }
      const meta = {
        ...(row.meta as Record<string, unknown>),
        extracted_chars: extracted.text.length,
        ...(extracted.truncated ? { truncated: true } : {}),
      };
      await updateMemory(deps, row.businessId, row.id, { content, meta });
      report.updated += 1;
    } catch {
      report.failed += 1;
    }
  }
  return report;
}
