// Runtime configuration, edited on the server without rebuilding the console.
// Url: base URL of the API ('' = same origin). The login verification code is the server's choice
// (LOGIN_CAPTCHA_AFTER_FAILURES; 0 shows it on every login).
// idleTimeoutMinutes: sign out after this much inactivity (0 turns it off).
// MapTilesUrl: tiles of the transformer map, a URL template ending '/{z}/{x}/{y}.png' (an OpenStreetMap tile server)
// ('' = none: the meters are drawn by their coordinates on a plain plane, with their list).
window.ApiConfig = { Url: '', idleTimeoutMinutes: 30, MapTilesUrl: '' };
