import styled from 'styled-components';
import type { OutboxMessage } from '@/lib/wire';
import { theme } from '@/styles/theme';

/** /dev/outbox: in development, the emails and texts that would have been sent, newest first. */
export function OutboxScreen({ messages }: { messages: OutboxMessage[] }) {
  return (
    <Page aria-labelledby="outbox-title">
      <h1 id="outbox-title">Outbox (development only)</h1>
      <p>Without SMTP_URL or SMS_URL, sign-in codes land here instead of being sent. This page does not exist in production.</p>
      {messages.length === 0 ? (
        <p>Nothing yet. Ask for a sign-in code and reload this page.</p>
      ) : (
        <List>
          {messages.map((message) => (
            <li key={message.id}>
              <article aria-label={`${message.channel} to ${message.recipient}`}>
                <Meta>
                  <strong>{message.recipient}</strong> · {message.channel} · <time dateTime={message.sentAt}>{message.sentAt.replace('T', ' ').slice(0, 19)} UTC</time>
                </Meta>
                {message.subject ? <h2>{message.subject}</h2> : null}
                <Body>{message.body}</Body>
              </article>
            </li>
          ))}
        </List>
      )}
    </Page>
  );
}

const Page = styled.section`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${theme.spacing.xl} ${theme.spacing.lg};
`;

const List = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${theme.spacing.lg} 0;
    border-bottom: 1px solid ${theme.colors.border};
  }

  h2 {
    margin: ${theme.spacing.xs} 0;
    font-size: ${theme.fontSizes.md};
  }
`;

const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Body = styled.pre`
  margin: 0;
  white-space: pre-wrap;
  font-family: ${theme.fonts.mono};
`;
