import { Link } from 'react-router';
import { parseInlineText } from '../model/inline-text';

/** Renders `**bold**` and internal `[links](/path)` of a content string; everything else is text. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInlineText(text).map((part, index) => {
        if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>;
        if (part.kind === 'link')
          return (
            <Link key={index} to={part.to}>
              {part.text}
            </Link>
          );
        return <span key={index}>{part.text}</span>;
      })}
    </>
  );
}
