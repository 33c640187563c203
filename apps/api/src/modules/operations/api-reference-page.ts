import { createHash } from 'node:crypto';
import type { OpenApiDocument, OpenApiOperation } from './openapi';

/**
 * `/api/docs`: the OpenAPI document as one self-contained HTML page, rendered by the server. No
 * script and nothing from another origin (the API's CSP forbids both); the one inline stylesheet
 * is allowed by its hash in the page's own policy.
 */

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:1px solid #d0d4da;text-transform:capitalize}
nav ul{columns:3 12rem;padding-left:1rem}
section.op{background:#fff;border:1px solid #d0d4da;border-radius:6px;padding:8px 12px;margin:12px 0}
.method{display:inline-block;min-width:3.5rem;font-weight:700;color:#fff;border-radius:4px;padding:0 6px;text-align:center}
.get{background:#1d6fb8}.post{background:#2e7d32}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f0f2f5;padding:8px;overflow:auto;max-height:24rem}
table{border-collapse:collapse}td,th{border:1px solid #d0d4da;padding:2px 8px;text-align:left}
details summary{cursor:pointer;color:#1d6fb8}
`;

export const API_REFERENCE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The little markdown the document's texts use: `code`, **bold**, paragraphs, bullets and tables. */
function renderText(text: string): string {
  const inline = (line: string) =>
    escapeHtml(line)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  const blocks = text.split(/\n\s*\n/);
  return blocks
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith('|'))) {
        const rows = lines.filter((line) => !/^\|\s*-/.test(line)).map((line) => line.split('|').slice(1, -1));
        return `<table>${rows.map((cells) => `<tr>${cells.map((cell) => `<td>${inline(cell.trim())}</td>`).join('')}</tr>`).join('')}</table>`;
      }
      if (lines[0]?.startsWith('- ')) {
        const items = block.split(/\n- /).map((item) => item.replace(/^- /, '').replace(/\n\s*/g, ' '));
        return `<ul>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`;
      }
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('\n');
}

function schemaBlock(title: string, schema: unknown): string {
  if (schema === undefined) return '';
  return `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function renderOperation(path: string, method: string, op: OpenApiOperation, document: OpenApiDocument): string {
  const parameters = (op.parameters ?? []).map((parameter) => {
    const ref = parameter.$ref;
    const resolved =
      typeof ref === 'string' ? (document.components.parameters[ref.split('/').pop() ?? ''] ?? parameter) : parameter;
    const required = resolved.required ? ' (required)' : '';
    return `<li><code>${escapeHtml(String(resolved.name))}</code> in ${escapeHtml(String(resolved.in))}${required}${
      resolved.description ? `: ${escapeHtml(String(resolved.description))}` : ''
    }</li>`;
  });
  // JSON, or a form for the uploads.
  const [bodyType, body] = Object.entries((op.requestBody?.content ?? {}) as Record<string, { schema: unknown }>)[0] ?? [];
  const answers = Object.entries(op.responses).map(([status, response]) => {
    const ref = response.$ref;
    const resolved = typeof ref === 'string' ? document.components.responses[ref.split('/').pop() ?? ''] : response;
    return `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(String(resolved?.description ?? ''))}</td></tr>`;
  });
  const success = (op.responses['200']?.content as Record<string, { schema: unknown }> | undefined)?.['application/json']?.schema;
  return `<section class="op" id="${anchorOf(method, path)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p><strong>${escapeHtml(op.operationId)}</strong> — ${escapeHtml(op.summary)}</p>
${renderText(op.description)}
${parameters.length ? `<p>Parameters:</p><ul>${parameters.join('')}</ul>` : ''}
${schemaBlock(`Request body schema (${bodyType ?? ''})`, body?.schema)}
${schemaBlock('Success answer schema', success)}
${schemaBlock('Messages a client sends on the socket', op['x-websocket-messages']?.client)}
${schemaBlock("A match's price change the server sends on the socket (MatchDelta)", op['x-websocket-messages']?.matchDelta)}
<details><summary>Answers</summary><table><tr><th>Status</th><th>Meaning</th></tr>${answers.join('')}</table></details>
</section>`;
}

export function renderApiReferencePage(document: OpenApiDocument, documentUrl: string): string {
  const byTag = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item) as [string, OpenApiOperation][]) {
      const tag = op.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, op, document)]);
      contents.set(tag, [
        ...(contents.get(tag) ?? []),
        `<li><a href="#${anchorOf(method, path)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
      ]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${ops.join('\n')}`);
  const toc = [...contents].map(
    ([tag, links]) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a><ul>${links.join('')}</ul></li>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} — reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>OpenAPI ${escapeHtml(document.openapi)} document: <a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)}</a></p>
${renderText(document.info.description)}
<details><summary>Error envelope schema</summary><pre>${escapeHtml(JSON.stringify(document.components.schemas.ErrorEnvelope, null, 2))}</pre></details>
<nav aria-label="Contents"><ul>${toc.join('')}</ul></nav>
${sections.join('\n')}
</main></body></html>`;
}
