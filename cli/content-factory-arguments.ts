/**
 * The options of `cobrand content-factory run`: read by its definition
 * (content-factory-command.ts) and by its work (content-factory.ts), which the definition loads
 * only when the command runs.
 */
import type { BrandId } from '../brands/ids.ts';
import type { ArticleTemplate } from '../src/core/control-center/content-factory.ts';

/** What `content-factory run` is given. */
export interface RunOptions {
  brand: BrandId;
  author: number;
  topic: string[];
  count: number;
  template: ArticleTemplate;
  json?: boolean;
}
