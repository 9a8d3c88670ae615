import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 30 item 5: the client area and the sign-in screen say nothing in English that bypasses the messages. This
// reads each of their components and flags text a reader would see that is written in the code: JSX text, string
// literals in what is rendered (children, label/title/placeholder/aria-label/alt) and toasts. Words from t(), the
// format helpers or the data are expressions, not literals, so they pass. A literal that must stay (the product's
// name) is on the allow-list with its reason.

const src = path.join(import.meta.dirname, '..');
const tsxIn = (dir: string) =>
  readdirSync(path.join(src, dir))
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'))
    .map((f) => path.join(dir, f));

const FILES = [
  ...tsxIn('features/client-portal/components'),
  ...tsxIn('app/routes/client'),
  'features/auth/components/sign-in-form.tsx',
  'features/auth/components/marketing-panel.tsx',
  'app/routes/auth.tsx',
  'app/compositions/client-language.tsx',
  'components/premiums/premium-parts.tsx',
  'features/renewals/components/notification-preference.tsx',
  'i18n/language-switch.tsx',
  'components/documents/pdf-viewer.tsx',
  'components/documents/viewer-dialog.tsx',
  'components/documents/document-preview.tsx',
  'components/layouts/app-shell.tsx',
  'components/ui/query-states.tsx',
];

/** Proper nouns said as they are in any language, taken out of a literal before it is judged. */
const PROPER_NOUNS = [
  // The product's name (decisions §1).
  'Agency Portal',
];

/** Abbreviations read as letters in Hindi too (GLOSSARY.md): a literal of only these is not English text. */
const ABBREVIATIONS = new Set([
  'PDF',
  'PAN',
  'NPS',
  'PRAN',
  'SIP',
  'IDV',
  'NCB',
  'IFSC',
  'TPA',
  'FIR',
  'RC',
  'SSL',
]);

/** Literals that are meant to be seen as they are, in any language. */
const ALLOWED = new Set([
  // The registration view (title, skeleton) is the agencies' way in: it stays English with the workspace.
  'Register your agency ·',
  'Loading registration',
  // The language switch names each language in its own script.
  'English',
  'View in English',
]);

const RENDERED_ATTRIBUTES = new Set(['label', 'title', 'placeholder', 'aria-label', 'alt']);
const LATIN = /[A-Za-z]{2,}/;

interface Finding {
  file: string;
  line: number;
  text: string;
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  }
  return null;
}

/** The literals an expression shows: through ?:, && and ||, not into calls (t('key')) or comparisons. */
function shownLiterals(node: ts.Expression, out: ts.Node[]) {
  if (literalText(node) !== null) {
    out.push(node);
    return;
  }
  if (ts.isParenthesizedExpression(node)) shownLiterals(node.expression, out);
  else if (ts.isConditionalExpression(node)) {
    shownLiterals(node.whenTrue, out);
    shownLiterals(node.whenFalse, out);
  } else if (
    ts.isBinaryExpression(node) &&
    [
      ts.SyntaxKind.AmpersandAmpersandToken,
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
    ].includes(node.operatorToken.kind)
  ) {
    shownLiterals(node.left, out);
    shownLiterals(node.right, out);
  }
}

function scan(file: string, text = readFileSync(path.join(src, file), 'utf8')): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const flag = (node: ts.Node, words: string) => {
    const trimmed = PROPER_NOUNS.reduce((text, noun) => text.replaceAll(noun, ''), words)
      .replace(/\s+/g, ' ')
      .trim();
    if (!LATIN.test(trimmed) || ALLOWED.has(trimmed) || ABBREVIATIONS.has(trimmed)) return;
    findings.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: trimmed,
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) flag(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const literals: ts.Node[] = [];
      shownLiterals(node.expression, literals);
      for (const l of literals) flag(l, literalText(l) ?? '');
    }
    if (ts.isJsxAttribute(node) && RENDERED_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const literals: ts.Node[] = [];
      if (ts.isStringLiteral(init)) literals.push(init);
      else if (ts.isJsxExpression(init) && init.expression) shownLiterals(init.expression, literals);
      for (const l of literals) flag(l, literalText(l) ?? '');
    }
    // A toast: notify('error', 'words').
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'notify' && node.arguments[1]) {
      const literals: ts.Node[] = [];
      shownLiterals(node.arguments[1], literals);
      for (const l of literals) flag(l, literalText(l) ?? '');
    }
    // document.title = '…'
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.left.getText(source) === 'document.title'
    ) {
      const literals: ts.Node[] = [];
      shownLiterals(node.right, literals);
      for (const l of literals) flag(l, literalText(l) ?? '');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('the client area and sign-in say every word through the messages (issue 30)', () => {
  it('scans the files it means to', () => {
    expect(FILES.length).toBeGreaterThan(30);
  });

  it.each(FILES)('%s has no English text of its own', (file) => {
    expect(scan(file)).toEqual([]);
  });

  it('would catch English text, a label, a shown literal and a toast written in the code', () => {
    const probe = `export const A = () => <div title="Plan Information">Hello there<b>{busy ? 'Saving' : t('x')}</b></div>;
notify('error', 'Download failed');
export const B = () => <p aria-label={t('y')}>{t('z')} · {format.date(d)} — ₹</p>;`;
    expect(scan('probe.tsx', probe).map((f) => f.text)).toEqual([
      'Plan Information',
      'Hello there',
      'Saving',
      'Download failed',
    ]);
  });
});
