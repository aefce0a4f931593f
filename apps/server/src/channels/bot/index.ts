export { Chatbot } from "./chatbot.js";
export { RatingFlow, RATING_EXPIRE_JOB, RATING_TIMEOUT_MS } from "./rating.js";
export { sendConnectionText } from "./lifecycle.js";
