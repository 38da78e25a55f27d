/**
 * Writes every brand's logo.svg, icon.svg and favicon.svg under static/brands/{id}/ from its theme
 * (brands/logo-svg.ts), and fails naming the brand whose logo width/height in its module is not
 * the drawn size. Run after changing a brand's name, mark or palette: `npx tsx scripts/brand-logos.ts`.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS } from '../brands/index.ts';
import { logoSize, logoSvg, markSvg } from '../brands/logo-svg.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const problems: string[] = [];
for (const brand of BRANDS) {
  const { theme } = brand;
  if (!theme) {
    problems.push(`${brand.id}: no theme`);
    continue;
  }
  const size = logoSize(brand.name, theme);
  if (brand.logo.width !== size.width || brand.logo.height !== size.height) {
    problems.push(`${brand.id}: logo is drawn ${size.width}×${size.height}; set width: ${size.width}, height: ${size.height} in brands/${brand.id}.ts`);
  }
  const file = (image: { src: string }) => path.join(ROOT, image.src.slice(1));
  await writeFile(file(brand.logo), logoSvg({ ...brand, theme }));
  await writeFile(file(brand.icon), markSvg(brand.icon, theme));
  await writeFile(file(brand.favicon), markSvg(brand.favicon, theme));
  console.log(`static/brands/${brand.id}/: logo ${size.width}×${size.height}, icon, favicon`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
