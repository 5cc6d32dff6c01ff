// A one-page sample PDF for the demo's documents (demo-showcase.ts, demo-showcase-work.ts).
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function samplePdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText(title, { x: 56, y: 720, size: 18, font: bold });
  lines.forEach((line, index) => page.drawText(line, { x: 56, y: 684 - index * 18, size: 11, font }));
  page.drawText('Sample document generated for the PermitDesk demo.', { x: 56, y: 64, size: 9, font });
  return doc.save();
}
