import type { ReactNode } from 'react';
import type { ContentBlock, ContentWidget } from '../model/content-document';
import { isProseTable } from '../model/table-layout';
import { InlineText } from './inline-text';

export type WidgetSlots = Partial<Record<ContentWidget, ReactNode>>;

function Block({ block, index, widgets }: { block: ContentBlock; index: number; widgets: WidgetSlots }) {
  switch (block.type) {
    case 'heading':
      return (
        <h2 id={block.id ?? `section-${index}`} className="content-heading">
          <InlineText text={block.text} />
        </h2>
      );
    case 'subheading':
      return (
        <h3 className="content-subheading">
          <InlineText text={block.text} />
        </h3>
      );
    case 'paragraph':
      return (
        <p>
          <InlineText text={block.text} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, itemIndex) => (
        <li key={itemIndex}>
          <InlineText text={item} />
        </li>
      ));
      return block.ordered ? <ol className="content-list">{items}</ol> : <ul className="content-list">{items}</ul>;
    }
    case 'callout':
      return (
        <aside className={`content-callout content-callout--${block.tone}`}>
          {block.title && (
            <p className="content-callout__title">
              <InlineText text={block.title} />
            </p>
          )}
          {block.text && (
            <p>
              <InlineText text={block.text} />
            </p>
          )}
          {block.items && (
            <ul className="content-list">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <InlineText text={item} />
                </li>
              ))}
            </ul>
          )}
        </aside>
      );
    case 'table': {
      const isStacked = isProseTable(block.columns, block.rows);
      // Explicit roles keep the table semantics when the phone layout turns rows into cards.
      return (
        <div className="content-table-scroll" tabIndex={0} role="region" aria-label={block.caption}>
          <table className={`content-table${isStacked ? ' content-table--stack' : ''}`} role="table">
            <caption>{block.caption}</caption>
            <thead role="rowgroup">
              <tr role="row">
                {block.columns.map((column, columnIndex) => (
                  <th key={columnIndex} scope="col" role="columnheader">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex} role="row">
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row" role="rowheader">
                        <InlineText text={cell} />
                      </th>
                    ) : (
                      <td key={cellIndex} role="cell" data-label={block.columns[cellIndex]}>
                        <InlineText text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'widget':
      return <>{widgets[block.name] ?? null}</>;
  }
}

/** A content document's blocks as semantic HTML. */
export function ContentBlocks({ blocks, widgets = {} }: { blocks: ContentBlock[]; widgets?: WidgetSlots }) {
  return (
    <div className="content-body">
      {blocks.map((block, index) => (
        <Block key={index} block={block} index={index} widgets={widgets} />
      ))}
    </div>
  );
}
