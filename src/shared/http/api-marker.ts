// The header every answer of our own /api carries. A captive portal, a proxy or a CDN that answers
// in the server's place does not send it, so the device can tell our answer from anyone else's.

export const API_MARKER_HEADER = 'X-Diecast-Api';
/** The marker's value: the answer comes from this API's protocol version 1. */
export const API_MARKER_VALUE = '1';
