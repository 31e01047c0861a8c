import { makeZip } from './upload-bombs';

/*
 * Word documents built at run time, without vitest, so the assistant evaluation (a script)
 * uploads one through the same path as the tests.
 */

/** One block of a Word document: a heading (Word's "heading n" style), a paragraph, a bulleted item or a table. */
export type DocxBlock =
  | { title: string }
  | { heading: string; level?: number }
  | { paragraph: string; bold?: boolean }
  | { bullet: string }
  | { table: string[][] };

const xmlText = (text: string) =>
  text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] as string);
const run = (text: string, bold = false) =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>`;
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function docxBlockXml(block: DocxBlock): string {
  if ('title' in block) return `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${run(block.title)}</w:p>`;
  if ('heading' in block)
    return `<w:p><w:pPr><w:pStyle w:val="Heading${block.level ?? 1}"/></w:pPr>${run(block.heading)}</w:p>`;
  if ('bullet' in block)
    return `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run(block.bullet)}</w:p>`;
  if ('table' in block) {
    const rows = block.table.map(
      (cells) =>
        `<w:tr>${cells.map((cell) => `<w:tc><w:tcPr><w:tcW w:w="2400" w:type="dxa"/></w:tcPr><w:p>${run(cell)}</w:p></w:tc>`).join('')}</w:tr>`,
    );
    return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.join('')}</w:tbl>`;
  }
  return `<w:p>${run(block.paragraph, block.bold)}</w:p>`;
}

/**
 * A real Word document (what Word writes, cut to the parts a reader needs): Title and heading styles in
 * styles.xml, a bulleted list in numbering.xml, tables as w:tbl, zipped like Word zips it.
 */
export function makeStyledDocx(blocks: DocxBlock[]): Uint8Array {
  const headingStyles = [1, 2, 3]
    .map(
      (level) =>
        `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="${level - 1}"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>`,
    )
    .join('');
  const styles = `${XML}<w:styles ${W}><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>${headingStyles}<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style><w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style></w:styles>`;
  const numbering = `${XML}<w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
  const document = `${XML}<w:document ${W}><w:body>${blocks.map(docxBlockXml).join('')}<w:sectPr/></w:body></w:document>`;
  const contentTypes = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>`;
  const rels = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  const documentRels = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>`;
  return makeZip([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: rels },
    { name: 'word/document.xml', data: document },
    { name: 'word/_rels/document.xml.rels', data: documentRels },
    { name: 'word/styles.xml', data: styles },
    { name: 'word/numbering.xml', data: numbering },
  ]);
}
