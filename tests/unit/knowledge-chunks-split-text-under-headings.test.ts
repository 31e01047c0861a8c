import { describe, expect, it } from 'vitest';
import { chunkText, memoryChunks } from '#api/services/knowledge-index';

describe('chunkText', () => {
  it('gathers paragraphs up to maxChars and never crosses a Markdown heading', () => {
    const chunks = chunkText('Intro line.\n\n# Hours\n\nOpen at 8.\n\nClosed Sunday.\n\n## Prices\nCall-out £60.', {
      maxChars: 500,
    });
    expect(chunks).toEqual([
      { heading: null, text: 'Intro line.' },
      { heading: 'Hours', text: 'Open at 8.\n\nClosed Sunday.' },
      { heading: 'Prices', text: 'Call-out £60.' },
    ]);
  });

  it('splits a long paragraph at sentence ends, then spaces, and keeps every word', () => {
    const sentence = 'The engineer checks the boiler pressure and the flue. ';
    const text = sentence.repeat(40) + 'x'.repeat(350);
    const chunks = chunkText(text, { maxChars: 200 });
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(200);
    expect(
      chunks
        .map((chunk) => chunk.text)
        .join(' ')
        .replace(/\s+/g, ''),
    ).toBe(text.replace(/\s+/g, ''));
  });

  it('answers nothing for blank text', () => {
    expect(chunkText('  \n\n ')).toEqual([]);
  });
});

describe('memoryChunks', () => {
  const base = {
    id: 'm',
    businessId: 'b',
    type: 'text',
    status: 'active',
    title: 'T',
    content: 'Body',
    answer: null,
    sourceUrl: null,
    fileKey: null,
    fileName: null,
    mimeType: null,
    sizeBytes: null,
    meta: {},
    createdBy: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    deletedAt: null,
  };
  it('indexes live active memories under their title, and answered questions with their answer', () => {
    expect(memoryChunks(base)).toEqual([{ heading: 'T', text: 'Body' }]);
    expect(
      memoryChunks({ ...base, type: 'answered_question', title: null, content: 'Do you park?', answer: 'Yes.' }),
    ).toEqual([{ heading: 'Do you park?', text: 'Do you park?\n\nYes.' }]);
  });
  it('leaves out deleted, inactive, and unanswered or ignored questions', () => {
    expect(memoryChunks({ ...base, deletedAt: new Date() })).toEqual([]);
    expect(memoryChunks({ ...base, status: 'inactive' })).toEqual([]);
    expect(memoryChunks({ ...base, type: 'question' })).toEqual([]);
    expect(memoryChunks({ ...base, type: 'ignored_question' })).toEqual([]);
  });
});
