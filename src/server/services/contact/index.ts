export { listAdviceRequests } from "./list-advice-requests.ts";
export { submitAdviceRequest } from "./submit-advice-request.ts";
