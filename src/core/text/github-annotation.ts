/**
 * GitHub Actions workflow commands that annotate a file in a pull request
 * ("Workflow commands for GitHub Actions": `::error file=...,line=...::message`),
 * with the escaping GitHub's runner expects (%, CR, LF; plus : and , in properties).
 */

/** Annotation kinds GitHub shows: red, yellow, blue. */
export type AnnotationKind = 'error' | 'warning' | 'notice';

/** Where and under which title an annotation appears. */
export interface AnnotationTarget {
  file?: string;
  line?: number;
  column?: number;
  title: string;
}

/** One `::kind file=...,line=...,col=...,title=...::message` line. */
export function githubAnnotation(kind: AnnotationKind, target: AnnotationTarget, message: string): string {
  const properties = [
    ...(target.file === undefined ? [] : [`file=${escapeProperty(target.file)}`]),
    ...(target.line === undefined ? [] : [`line=${target.line}`]),
    ...(target.column === undefined ? [] : [`col=${target.column}`]),
    `title=${escapeProperty(target.title)}`,
  ];
  return `::${kind} ${properties.join(',')}::${escapeData(message)}`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
