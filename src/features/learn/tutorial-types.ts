// What GET /api/tutorials and GET /api/tutorials/{id} answer (api/routes/tutorials.ts).

export interface TutorialSummary {
  id: string;
  title: string;
  summary: string;
  minutes: number;
  position: number;
  /** Present when the request carried a token. */
  completed?: boolean;
}

export interface TutorialArticle extends TutorialSummary {
  sections: { heading: string; paragraphs: string[] }[];
}

export const TUTORIALS_PATH = '/api/tutorials';
export const tutorialPath = (id: string) => `${TUTORIALS_PATH}/${encodeURIComponent(id)}`;
export const tutorialHref = (id: string) => `/learn/${encodeURIComponent(id)}`;
