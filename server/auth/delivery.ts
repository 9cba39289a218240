import nodemailer, { type Transporter } from 'nodemailer';
import { outsideCallTimeoutMs } from '../config';
import { getDb } from '../db/client';
import { outbox } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Channel } from './otp';

/** Messages with a code never go to the log: failures are logged by channel and error class only. */
function logFailure(channel: Channel, error: unknown): void {
  const reason = error instanceof Error ? `${error.name}${'code' in error ? ` ${String((error as { code?: unknown }).code)}` : ''}` : 'unknown error';
  console.error(`[otp] ${channel} delivery failed: ${reason}`);
}

const UNAVAILABLE: Record<Channel, string> = {
  email: 'Sign-in by email is not available on this site.',
  mobile: 'Sign-in by mobile number is not available on this site.',
};

/** Whether codes can reach people on this channel: a gateway is configured, or this is not production (the outbox). */
export function canDeliver(channel: Channel): boolean {
  if (channel === 'email' && process.env.SMTP_URL) return true;
  if (channel === 'mobile' && process.env.SMS_URL) return true;
  return process.env.NODE_ENV !== 'production';
}

let transport: { url: string; timeoutMs: number; transporter: Transporter } | null = null;

function mailer(url: string): Transporter {
  const timeoutMs = outsideCallTimeoutMs();
  if (transport?.url !== url || transport.timeoutMs !== timeoutMs) {
    // nodemailer waits two minutes to connect and ten for a silent socket by default; a member is waiting here.
    const options = { url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
    transport = { url, timeoutMs, transporter: nodemailer.createTransport(options) };
  }
  return transport.transporter;
}

const MAIL_FROM = () => process.env.MAIL_FROM || 'Library Reader <no-reply@library-reader.example>';

export interface Message {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends a message: SMTP (SMTP_URL) for email, the HTTP SMS gateway (SMS_URL, a JSON POST of `{ to, message }`)
 * for mobile, and without them, outside production, the outbox table that /dev/outbox shows.
 */
export async function deliver(message: Message): Promise<void> {
  const { channel } = message;
  if (channel === 'email' && process.env.SMTP_URL) {
    try {
      await mailer(process.env.SMTP_URL).sendMail({ from: MAIL_FROM(), to: message.to, subject: message.subject, text: message.text });
      return;
    } catch (error) {
      logFailure(channel, error);
      throw new HttpError(503, 'We could not send the email just now. Please try again in a minute.');
    }
  }
  if (channel === 'mobile' && process.env.SMS_URL) {
    try {
      const response = await fetch(process.env.SMS_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, message: message.text }),
        signal: AbortSignal.timeout(outsideCallTimeoutMs()),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      return;
    } catch (error) {
      logFailure(channel, error);
      throw new HttpError(503, 'We could not send the text message just now. Please try again in a minute.');
    }
  }
  if (process.env.NODE_ENV === 'production') throw new HttpError(503, UNAVAILABLE[channel]);
  await getDb().insert(outbox).values({ channel, recipient: message.to, subject: message.subject, body: message.text });
}

export function unavailableMessage(channel: Channel): string {
  return UNAVAILABLE[channel];
}

/** The words of a sign-in code message. */
export function codeMessage(channel: Channel, to: string, code: string, minutes: number): Message {
  const text =
    channel === 'email'
      ? `Your Library Reader sign-in code is ${code}.\n\nIt works once, for ${minutes} minutes. If you did not ask for it, you can ignore this email.`
      : `${code} is your Library Reader code. It works once, for ${minutes} minutes.`;
  return { channel, to, subject: 'Your Library Reader sign-in code', text };
}
