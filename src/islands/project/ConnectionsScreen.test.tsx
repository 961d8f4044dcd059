// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { ApiFailure } from "../../client/api-error.ts";
import type { Connection, Connections, Project } from "../../client/types.ts";
import { $project } from "../../stores/project.ts";
import { $startup } from "../../stores/startup.ts";
import ConnectionsScreen from "./ConnectionsScreen.tsx";

const api = vi.hoisted(() => ({
  connections: vi.fn(),
  followSources: vi.fn(),
  disconnect: vi.fn(),
  startMetaConnection: vi.fn(),
  addPublicPage: vi.fn(),
  startThreadsConnection: vi.fn(),
  startZaloConnection: vi.fn(),
}));
vi.mock("../../client/api.ts", () => ({ api }));

const source = {
  id: 7,
  kind: "facebook_page" as const,
  external_id: "101",
  name: "Trà Xanh Tây Bắc",
  followed: false,
  backfill_collected: 0,
  backfill_done: false,
};
const connection = (over: Partial<Connection> = {}): Connection => ({
  id: 3,
  provider: "meta",
  external_user_name: "Trần Thị Bình",
  state: "connected",
  expires_at: null,
  failing_since: null,
  paused_until: null,
  reason: null,
  created_at: "2026-11-20T03:00:00.000Z",
  sources: [source],
  ...over,
});
const answer = (configured: boolean, connections: Connection[] = [], publicPages = false): Connections => ({
  providers: [{ provider: "meta", configured, public_pages: publicPages }],
  connections,
});

beforeEach(() => {
  $startup.set("ready");
  $project.set({ id: 12, name: "Trà Xanh" } as Project);
  window.history.replaceState(null, "", "/project-setting/connections");
});
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const show = (lang: "vi" | "en" = "vi") => render(<ConnectionsScreen lang={lang} />);

test("a server without Meta says so in the customer's words, names no setting, and offers no button", async () => {
  api.connections.mockResolvedValue(answer(false));
  show();
  const note = await screen.findByTestId("connections-unavailable");
  expect(note.textContent).toMatch(/^Máy chủ này hiện chưa thể kết nối tài khoản Facebook và Instagram.*chăm sóc khách hàng/);
  expect(document.body.textContent).not.toMatch(/META_|CONNECTIONS_KEY/);
  expect(screen.queryByTestId("connect-meta")).toBeNull();
  expect(api.connections).toHaveBeenCalledWith(12);
});

test("configured but not connected: what Nghe reads, and a button that goes to Meta's dialog for this project", async () => {
  api.connections.mockResolvedValue(answer(true));
  api.startMetaConnection.mockResolvedValue({ location: "https://www.facebook.com/v21.0/dialog/oauth?state=s" });
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
  show("en");
  const button = await screen.findByRole("button", { name: "Connect Facebook & Instagram" });
  expect(screen.getByTestId("connect-offer").textContent).toContain("You can disconnect at any time");
  fireEvent.click(button);
  await waitFor(() => expect(assign).toHaveBeenCalledWith("https://www.facebook.com/v21.0/dialog/oauth?state=s"));
  expect(api.startMetaConnection).toHaveBeenCalledWith(12);
});

test("a Threads card beside Facebook: its own button goes to Threads' window; connected, it shows the day's searches", async () => {
  const threads = connection({
    id: 5,
    provider: "threads",
    external_user_name: "trasuamay",
    sources: [],
    search_queries: { used: 37, limit: 2200 },
  });
  api.connections
    .mockResolvedValueOnce({ providers: [...answer(true).providers, { provider: "threads", configured: true }], connections: [] })
    .mockResolvedValue({ providers: [...answer(true).providers, { provider: "threads", configured: true }], connections: [threads] });
  api.startThreadsConnection.mockResolvedValue({ location: "https://threads.net/oauth/authorize?state=t" });
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
  show("en");
  const card = await screen.findByTestId("provider-threads");
  expect(card.textContent).toContain("Nghe searches Threads for the project's keywords");
  fireEvent.click(await screen.findByRole("button", { name: "Connect Threads" }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith("https://threads.net/oauth/authorize?state=t"));
  expect(api.startThreadsConnection).toHaveBeenCalledWith(12);
  expect(api.startMetaConnection).not.toHaveBeenCalled();

  cleanup();
  show();
  expect((await screen.findByTestId("search-queries")).textContent).toBe("Lượt tìm từ khóa trong 24 giờ qua: 37 / 2,200");
  expect(screen.getByTestId("provider-threads").textContent).toContain("Đã kết nối với trasuamay");
  expect(screen.queryByTestId("no-sources")).toBeNull();
  fireEvent.click(screen.getByTestId("disconnect"));
  expect(screen.getByTestId("disconnect-dialog")).toBeTruthy();
});

test("a start the server refuses says why and leaves the button usable", async () => {
  api.connections.mockResolvedValue(answer(true));
  api.startMetaConnection.mockRejectedValue(new ApiFailure(409, {}, "Máy chủ này chưa cấu hình kết nối Facebook và Instagram"));
  show();
  fireEvent.click(await screen.findByRole("button", { name: "Kết nối Facebook & Instagram" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Máy chủ này chưa cấu hình kết nối Facebook và Instagram");
  expect(screen.getByRole("button", { name: "Kết nối Facebook & Instagram" }).hasAttribute("disabled")).toBe(false);
});

test("a failing connection says since when, Meta's reason and the way back: reconnect", async () => {
  api.connections.mockResolvedValue(
    answer(true, [connection({ state: "failing", failing_since: "2026-11-27T01:30:00.000Z", reason: "Error validating access token" })]),
  );
  show();
  expect((await screen.findByTestId("connected-as")).textContent).toBe("Đã kết nối với Trần Thị Bình");
  const note = screen.getByTestId("connection-state-note");
  expect(note.textContent).toContain("Nghe không đọc được dữ liệu từ 2026-11-27 08:30:00.");
  expect(note.textContent).toContain("Meta cho biết: “Error validating access token”.");
  expect(screen.getByRole("button", { name: "Kết nối lại" })).toBeTruthy();
});

test("paused by quota asks nothing of the customer; a followed page shows its backfill", async () => {
  api.connections.mockResolvedValue(
    answer(true, [connection({ state: "paused", sources: [{ ...source, followed: true, backfill_collected: 42 }] })]),
  );
  show();
  expect((await screen.findByTestId("connection-state-note")).textContent).toContain("bạn không cần làm gì thêm");
  expect(screen.queryByTestId("reconnect")).toBeNull();
  expect(screen.getByTestId("backfill").textContent).toContain("Đang lấy bài viết cũ: đã có 42 bài");
});

test("following is shown at once and rolled back with a message when the server refuses", async () => {
  api.connections.mockResolvedValue(answer(true, [connection()]));
  let refuse!: (reason: unknown) => void;
  api.followSources.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
  show();
  const toggle = await screen.findByRole("switch", { name: "Theo dõi Trà Xanh Tây Bắc" });
  fireEvent.click(toggle);
  expect((toggle as HTMLInputElement).checked).toBe(true);
  expect(api.followSources).toHaveBeenCalledWith({ project_id: 12, source_ids: [7], followed: true });
  refuse(new ApiFailure(502, {}, "Meta từ chối"));
  await waitFor(() => expect((screen.getByRole("switch") as HTMLInputElement).checked).toBe(false));
  expect(screen.getByTestId("follow-error").textContent).toBe("Không thay đổi được việc theo dõi Trà Xanh Tây Bắc. Meta từ chối");
});

test("disconnecting asks first, says the mentions are kept, then calls DELETE and reloads", async () => {
  api.connections.mockResolvedValueOnce(answer(true, [connection()])).mockResolvedValue(answer(true));
  api.disconnect.mockResolvedValue({});
  show();
  fireEvent.click(await screen.findByTestId("disconnect"));
  expect(screen.getByTestId("disconnect-dialog").textContent).toContain("Các đề cập dự án đã thu thập vẫn được giữ nguyên");
  expect(api.disconnect).not.toHaveBeenCalled();
  fireEvent.click(screen.getByTestId("disconnect-confirm"));
  await screen.findByTestId("connect-offer");
  expect(api.disconnect).toHaveBeenCalledWith(3);
});

test("a failed load says so and retries", async () => {
  api.connections.mockRejectedValueOnce(new ApiFailure(500, {}, "Lỗi máy chủ")).mockResolvedValue(answer(false));
  show();
  fireEvent.click(await screen.findByRole("button", { name: "Thử lại" }));
  await screen.findByTestId("connections-unavailable");
});

test("back from Meta: the callback's flag becomes a message and leaves the address", async () => {
  api.connections.mockResolvedValue(answer(true));
  window.history.replaceState(null, "", "/project-setting/connections?project_id=12&connection=denied");
  show();
  expect(screen.getByTestId("connection-outcome-denied").textContent).toContain("chưa được cấp quyền trên Facebook");
  await waitFor(() => expect(window.location.search).toBe(""));
});

test("without Meta's Page Public Content Access, public Pages are explained, not offered", async () => {
  api.connections.mockResolvedValue(answer(true, [connection()]));
  show();
  const note = await screen.findByTestId("public-pages-unavailable");
  expect(note.textContent).toContain("Page Public Content Access");
  expect(screen.queryByTestId("public-page-form")).toBeNull();
});

test("with it, a public Page pasted by address is followed; a refusal is shown on the field", async () => {
  api.connections.mockResolvedValue(answer(true, [connection()], true));
  api.addPublicPage.mockRejectedValueOnce(
    new ApiFailure(422, { page: ["Meta không tìm thấy Trang công khai này"] }, "Meta không tìm thấy"),
  );
  api.addPublicPage.mockResolvedValueOnce({ id: 9, external_id: "100064871234567", name: "Cà Phê Muối Huế" });
  show();
  const input = await screen.findByLabelText("ID, tên người dùng hoặc địa chỉ của Trang");
  fireEvent.change(input, { target: { value: "facebook.com/trangkhongco" } });
  fireEvent.click(screen.getByTestId("public-page-add"));
  expect((await screen.findByTestId("public-page-error")).textContent).toBe("Meta không tìm thấy Trang công khai này");
  expect(input.getAttribute("aria-invalid")).toBe("true");
  fireEvent.change(input, { target: { value: "facebook.com/caphemuoihue" } });
  fireEvent.click(screen.getByTestId("public-page-add"));
  await waitFor(() => expect(api.connections).toHaveBeenCalledTimes(2));
  expect(api.addPublicPage).toHaveBeenLastCalledWith(3, { project_id: 12, page: "facebook.com/caphemuoihue" });
  expect((input as HTMLInputElement).value).toBe("");
  expect(screen.queryByTestId("public-page-error")).toBeNull();
});

test("Zalo's offer says what Nghe reads, that Zalo groups have no API (partner or CSV only), and goes to Zalo", async () => {
  api.connections.mockResolvedValue({ providers: [{ provider: "zalo", configured: true }], connections: [] });
  api.startZaloConnection.mockResolvedValue({ location: "https://oauth.zaloapp.com/v4/oa/permission?app_id=1" });
  show();
  const offer = (await screen.findByTestId("connect-offer")).textContent;
  expect(offer).toContain("Zalo không có API cho nhóm Zalo");
  expect(offer).toContain("qua đối tác (API nhập dữ liệu) hoặc tệp CSV");
  fireEvent.click(screen.getByRole("button", { name: "Kết nối Zalo OA" }));
  await waitFor(() => expect(api.startZaloConnection).toHaveBeenCalledWith(12));
});

test("a Zalo OA: its recent messages' backfill, Zalo's own words when it refuses, and reconnecting through Zalo", async () => {
  const oa = { ...source, kind: "zalo_oa" as const, name: "Trà Sữa Mây", followed: true, backfill_collected: 3, backfill_done: true };
  const refused = connection({
    provider: "zalo",
    external_user_name: "Trà Sữa Mây",
    state: "failing",
    failing_since: "2026-11-27T01:30:00.000Z",
    reason: "Zalo -14014: Refresh token is invalid or expired",
    sources: [oa],
  });
  api.connections.mockResolvedValue({ providers: [{ provider: "zalo", configured: true }], connections: [refused] });
  api.startZaloConnection.mockResolvedValue({ location: "https://oauth.zaloapp.com/v4/oa/permission?app_id=1" });
  show();
  expect((await screen.findByTestId("backfill")).textContent).toContain("Đã lấy xong 3 tin nhắn gần đây");
  const note = screen.getByTestId("connection-state-note").textContent;
  expect(note).toContain("Zalo cho biết: “Zalo -14014: Refresh token is invalid or expired”.");
  expect(note).not.toContain("Meta");
  fireEvent.click(screen.getByRole("button", { name: "Kết nối lại" }));
  await waitFor(() => expect(api.startZaloConnection).toHaveBeenCalledWith(12));
});
