import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from '../../app/lib/plain-text';

// Issue 22 item 15: knowledge-base previews showed raw markdown ("# Prices …").
describe('markdownToPlainText', () => {
  it('drops heading, list and quote marks, emphasis and code ticks', () => {
    expect(markdownToPlainText('# Prices\n\n- **Call-out**: £40\n- _Each hour_ after: `£30`\n> VAT included')).toBe(
      'Prices Call-out: £40 Each hour after: £30 VAT included',
    );
  });
  it('keeps the words of links and images, and reads a table row by row', () => {
    expect(markdownToPlainText('See [our price list](https://example.com/prices) ![the van](van.png)')).toBe(
      'See our price list the van',
    );
    expect(markdownToPlainText('| Service | Price |\n| --- | ---: |\n| Boiler check | £60 |')).toBe(
      'Service · Price Boiler check · £60',
    );
  });
  it('leaves plain text and snake_case words alone', () => {
    expect(markdownToPlainText('We open at 8am, 5*2 days a week; ask for first_name.')).toBe(
      'We open at 8am, 5*2 days a week; ask for first_name.',
    );
  });
});
