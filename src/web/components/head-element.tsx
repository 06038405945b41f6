import { createElement, useEffect } from 'react';

type HeadElementProps = { tag: 'link' | 'meta'; attributes: Record<string, string> };

/**
 * A <link> or <meta> that belongs in the document's head. React's server renderer hoists it there
 * (entry-server.tsx moves it into <head>); the browser's runtime (Preact, decision 055) renders an
 * element where it stands, so there it is put in <head> by hand: the one the page came with is
 * adopted, or a new one made, and taken out when the view goes.
 */
export function HeadElement({ tag, attributes }: HeadElementProps) {
  const signature = JSON.stringify(attributes);
  useEffect(() => {
    const wanted = JSON.parse(signature) as Record<string, string>;
    const matches = (element: Element) => Object.entries(wanted).every(([name, value]) => element.getAttribute(name) === value);
    let element = [...document.head.getElementsByTagName(tag)].find(matches);
    if (!element) {
      element = document.createElement(tag);
      for (const [name, value] of Object.entries(wanted)) element.setAttribute(name, value);
      document.head.append(element);
    }
    return () => element.remove();
  }, [tag, signature]);
  return typeof document === 'undefined' ? createElement(tag, attributes) : null;
}
