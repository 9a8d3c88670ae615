import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLAIM_FIELD_LABELS,
  CLAIM_KIND_LABELS,
  CLAIM_PENDING,
  CLAIM_STATUS_LABELS,
  MF_INVESTMENT_MODE_LABELS,
  MOTOR_POLICY_TYPE_LABELS,
  PLAN_FIELD_LABELS,
  PLAN_STATUSES,
  RELATIONSHIPS,
  SERVICE_LABELS,
} from '@portal/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { UI_TEXT } from '../components/ui/ui-text.tsx';
import { englishT, namespace } from './i18n.ts';

// Issue 30 item 5: a key in one language and not the other fails here, as does a placeholder one language has and
// the other lacks. The English files are also held to the contract's own words where they repeat them.

const dir = path.join(import.meta.dirname, 'messages');
type Words = Record<string, string>;
const read = (language: string, file: string): Words =>
  JSON.parse(readFileSync(path.join(dir, language, file), 'utf8')) as Words;
const files = (language: string) => readdirSync(path.join(dir, language)).sort();
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the message files (issue 30)', () => {
  it('are the same namespaces in English and Hindi', () => {
    expect(files('hi')).toEqual(files('en'));
    expect(files('en').length).toBeGreaterThan(5);
  });

  for (const file of files('en')) {
    it(`${file}: every key in both languages, with the same placeholders, none empty`, () => {
      const en = read('en', file);
      const hi = read('hi', file);
      expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(text.trim(), `${file} en ${key}`).not.toBe('');
        expect(hi[key]?.trim(), `${file} hi ${key}`).not.toBe('');
        // A plural's `count` may be said as a word in one language ("a day"), never another value.
        const hiPlaceholders = placeholders(hi[key] ?? '').filter((p) => p !== 'count');
        expect(hiPlaceholders, `${file} ${key}`).toEqual(placeholders(text).filter((p) => p !== 'count'));
      }
    });
  }

  it('give each plural both forms in both languages (one and other: Hindi and English plural alike)', () => {
    for (const file of files('en')) {
      for (const language of ['en', 'hi']) {
        const keys = Object.keys(read(language, file));
        for (const key of keys.filter((k) => /_(one|other)$/.test(k))) {
          const base = key.replace(/_(one|other)$/, '');
          expect(keys, `${language}/${file} ${base}`).toEqual(
            expect.arrayContaining([`${base}_one`, `${base}_other`]),
          );
          expect(read(language, file)[`${base}_other`]).toContain('{{count}}');
        }
      }
    }
  });

  it("keep the sign-in screen's words to a lookup: no plurals, only {{name}} placeholders", () => {
    for (const language of ['en', 'hi']) {
      for (const [key, text] of Object.entries(read(language, 'auth.json'))) {
        expect(key).not.toMatch(/_(zero|one|two|few|many|other)$/);
        expect(text).not.toMatch(/\$t\(|\{\{[^}]*[,(]/);
      }
    }
  });

  it("say the contract's words exactly in English", () => {
    const client = read('en', 'client.json');
    const plans = read('en', 'plans.json');
    const claims = read('en', 'claims.json');
    for (const [code, label] of Object.entries(SERVICE_LABELS)) expect(client[`service.${code}`]).toBe(label);
    for (const status of PLAN_STATUSES) expect(client[`status.${status}`]).toBe(status);
    for (const [code, label] of Object.entries(CLAIM_STATUS_LABELS)) {
      expect(client[`claimStatus.${code}`]).toBe(label);
    }
    for (const relation of RELATIONSHIPS) expect(client[`relation.${relation}`]).toBe(relation);
    for (const [key, label] of Object.entries(PLAN_FIELD_LABELS)) expect(plans[`field.${key}`]).toBe(label);
    for (const [key, label] of Object.entries({
      ...MOTOR_POLICY_TYPE_LABELS,
      ...MF_INVESTMENT_MODE_LABELS,
    })) {
      expect(plans[`choice.${key}`]).toBe(label);
    }
    for (const [key, label] of Object.entries(CLAIM_KIND_LABELS)) expect(claims[`kind.${key}`]).toBe(label);
    for (const [key, label] of Object.entries(CLAIM_FIELD_LABELS)) expect(claims[`field.${key}`]).toBe(label);
    for (const [key, text] of Object.entries(CLAIM_PENDING)) {
      if (text !== null) expect(claims[`pending.${key}`]).toBe(text);
    }
  });

  it("give the shared frame and viewer the common file's English words", () => {
    expect(UI_TEXT).toEqual(read('en', 'common.json'));
  });

  it('read English by lookup exactly as i18next reads the same files (decision 051)', async () => {
    const resources = Object.fromEntries(files('en').map((f) => [f.replace(/\.json$/, ''), read('en', f)]));
    const reference = i18next.createInstance();
    await reference.init({
      lng: 'en',
      resources: { en: resources },
      keySeparator: false,
      interpolation: { escapeValue: false },
    });
    let compared = 0;
    for (const [ns, words] of Object.entries(resources)) {
      namespace(ns, words);
      const lookup = englishT(ns);
      const expected = reference.getFixedT('en', ns);
      const bases = new Set(Object.keys(words).map((k) => k.replace(/_(one|other)$/, '')));
      for (const key of bases) {
        const names = new Set(
          Object.entries(words)
            .filter(([k]) => k === key || k.startsWith(`${key}_`))
            .flatMap(([, text]) => placeholders(text)),
        );
        const values: Record<string, string | number> = Object.fromEntries(
          [...names].map((n) => [n, `‹${n}›`]),
        );
        const plural = `${key}_one` in words;
        for (const count of plural ? [0, 1, 2, 12] : [undefined]) {
          const v = count === undefined ? values : { ...values, count };
          expect(lookup(key, v), `${ns} ${key} ${count ?? ''}`).toBe(expected(key, v));
          compared += 1;
        }
      }
      // Another namespace by its prefix, and a key the files lack with and without a default.
      expect(lookup('common:notAvailable')).toBe(expected('common:notAvailable'));
      expect(lookup('no.such.key', { defaultValue: 'As typed' })).toBe(
        expected('no.such.key', { defaultValue: 'As typed' }),
      );
      expect(lookup('no.such.key')).toBe(expected('no.such.key'));
    }
    expect(compared).toBeGreaterThan(300);
  });
});
