import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HoursHeatmap, OutcomeBarChart } from '#app/routes/dashboard+/reports+/__charts';
import {
  changeText,
  reportTables,
  tableCsv,
  type FigureTable,
  type HoursTable,
} from '#app/routes/dashboard+/reports+/__report-tables';
import type { Report } from '#contract/v1/reports';

const hours = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
hours[0][10] = 4;
hours[6][9] = 1;

const REPORT: Report = {
  period: {
    key: '7',
    from: '2026-03-12',
    to: '2026-03-18',
    days: 7,
    previous_from: '2026-03-05',
    previous_to: '2026-03-11',
    timezone: 'Asia/Tokyo',
  },
  calls: {
    current: { inbound: 4, answered: 1, transferred: 1, missed: 1, voicemail: 1 },
    previous: { inbound: 2, answered: 1, transferred: 0, missed: 1, voicemail: 0 },
  },
  sms: null,
  forms: { current: { forms: 1 }, previous: { forms: 0 } },
  contacts: { current: { new_contacts: 2 }, previous: { new_contacts: 1 } },
  tasks: { current: { created: 3, completed: 1, overdue: 1 }, previous: { created: 1, completed: 1, overdue: 1 } },
  questions: {
    current: { unanswered_by_assistant: 3, answered_by_owner: 1 },
    previous: { unanswered_by_assistant: 1, answered_by_owner: 0 },
  },
  answer_rate: {
    current: {
      calls_answered: 1,
      calls_inbound: 4,
      call_rate: 25,
      questions_answered: 1,
      questions_total: 3,
      question_rate: 33.3,
    },
    previous: {
      calls_answered: 1,
      calls_inbound: 2,
      call_rate: 50,
      questions_answered: 0,
      questions_total: 1,
      question_rate: 0,
    },
  },
  hours,
  hours_types: ['call', 'form'],
  restricted: { sms: 'You do not have permission to view smses' },
  empty: false,
};

describe('report charts and CSV', () => {
  const tables = reportTables(REPORT);

  it('labels the bar chart (role=img, title, desc) with every outcome and its number', () => {
    const html = renderToStaticMarkup(
      createElement(OutcomeBarChart, { table: tables.calls as FigureTable, id: 'calls-chart' }),
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="calls-chart-title calls-chart-desc"');
    expect(html).toContain('<title id="calls-chart-title">Calls by outcome</title>');
    expect(html).toMatch(
      /<desc id="calls-chart-desc">Answered by the assistant: 1 \(previous period 1\); Transferred: 1 \(previous period 0\); Missed: 1 \(previous period 1\); Voicemail: 1 \(previous period 0\)<\/desc>/,
    );
    for (const label of ['Answered by the assistant', 'Transferred', 'Missed', 'Voicemail'])
      expect(html).toContain(`data-label="${label}"`);
  });

  it('labels the heatmap and gives every cell its count', () => {
    const html = renderToStaticMarkup(
      createElement(HoursHeatmap, { table: tables.hours as HoursTable, id: 'hours-chart' }),
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('Busiest: Monday 10:00 (4), Sunday 09:00 (1).');
    expect(html.match(/data-count="/g)).toHaveLength(7 * 24);
    expect(html).toContain('<title>Monday 10:00: 4</title>');
  });

  it('writes CSV with the same numbers as the tables, and the permission notes', () => {
    const csv = tableCsv(tables.calls, REPORT).split('\r\n');
    expect(csv[0]).toBe('Figure,2026-03-12 to 2026-03-18,2026-03-05 to 2026-03-11,Change');
    expect(csv).toContain('Answered by the assistant,1,1,no change');
    expect(csv).toContain('Transferred,1,0,+1');
    expect(csv).toContain('All inbound calls,4,2,+2 (+100%)');
    expect(csv).toContain('Answer rate (calls),25,50,−25 pts');
    const messages = tableCsv(tables.messages, REPORT).split('\r\n');
    expect(messages).toContain('Forms,1,0,+1');
    expect(messages).toContain('You do not have permission to view smses');
    const grid = tableCsv(tables.hours, REPORT).split('\r\n');
    expect(grid[0].split(',')).toHaveLength(25);
    expect(grid[1].split(',')[11]).toBe('4');
    expect(grid[7].split(',')[10]).toBe('1');
    for (const table of Object.values(tables)) {
      if (table.kind !== 'figures') continue;
      const lines = tableCsv(table, REPORT).split('\r\n');
      for (const row of table.rows)
        expect(lines).toContain([row.label, row.current ?? '', row.previous ?? '', changeText(row)].join(','));
    }
  });
});
