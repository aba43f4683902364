import { Text, type TextProps } from '@mantine/core';

export interface TruncatedTextProps extends Omit<TextProps, 'children' | 'truncate'> {
  children: string | null | undefined;
  /** Widest the text may grow before it is cut with an ellipsis (px or a Mantine size). */
  maw?: TextProps['maw'];
}

/**
 * A list cell's long text on one line, cut with an ellipsis; the whole value shows on hover (title) and stays
 * in the accessible name. Keeps a list inside a 1280 px screen (docs/web-client.md).
 */
export function TruncatedText({ children, maw = 240, size = 'sm', ...props }: TruncatedTextProps) {
  const text = children ?? '';
  return (
    <Text size={size} truncate="end" maw={maw} title={text || undefined} {...props}>
      {text}
    </Text>
  );
}
