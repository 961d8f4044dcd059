import type { JobCategory } from "../../shared/audience.ts";
import { searchKey } from "../../shared/vietnamese.ts";

/**
 * Phrases (lowercase, without diacritics, whole words) that put a free-text job into a category. The first category
 * with a matching phrase wins, so specific jobs come before the broad ones: "nhân viên y tế" is healthcare, not an
 * office worker; "nhân viên kinh doanh" an employee, not a business owner. Migration 0014 classified the jobs already
 * stored with a copy of this list.
 */
export const JOB_PHRASES: readonly (readonly [JobCategory, readonly string[]])[] = [
  ["student", ["sinh vien", "hoc sinh", "nghien cuu sinh", "hoc vien", "student", "pupil"]],
  [
    "healthcare",
    ["bac si", "y ta", "y si", "duoc si", "dieu duong", "ho sinh", "y te", "doctor", "nurse", "pharmacist", "dentist", "nha si"],
  ],
  ["teacher", ["giao vien", "giang vien", "co giao", "thay giao", "giao su", "teacher", "lecturer", "professor", "tutor", "gia su"]],
  [
    "engineer_it",
    ["ky su", "lap trinh", "developer", "engineer", "it", "ky thuat vien", "programmer", "software", "kien truc su", "architect"],
  ],
  [
    "civil_servant",
    ["cong chuc", "vien chuc", "can bo", "cong an", "bo doi", "quan doi", "civil servant", "government", "police", "soldier"],
  ],
  ["retired", ["nghi huu", "huu tri", "retired", "retiree"]],
  ["homemaker", ["noi tro", "o nha", "me bim", "homemaker", "housewife", "stay at home"]],
  ["farmer", ["nong dan", "lam nong", "lam ruong", "chan nuoi", "farmer", "ngu dan"]],
  ["worker", ["cong nhan", "tho", "lao dong", "tai xe", "lai xe", "shipper", "worker", "driver", "factory"]],
  [
    "creator",
    ["kol", "koc", "influencer", "youtuber", "tiktoker", "blogger", "vlogger", "streamer", "content creator", "sang tao noi dung"],
  ],
  ["freelancer", ["tu do", "freelancer", "freelance", "self employed"]],
  [
    "office_worker",
    [
      "nhan vien",
      "van phong",
      "ke toan",
      "thu ky",
      "nhan su",
      "marketing",
      "hanh chinh",
      "office",
      "accountant",
      "employee",
      "staff",
      "clerk",
    ],
  ],
  [
    "business_owner",
    [
      "kinh doanh",
      "chu doanh nghiep",
      "doanh nhan",
      "chu cua hang",
      "chu shop",
      "buon ban",
      "ban hang",
      "tieu thuong",
      "giam doc",
      "ceo",
      "founder",
      "business",
      "entrepreneur",
      "shop owner",
      "owner",
    ],
  ],
];

/** The category of a free-text job ("Nhân viên văn phòng" → office_worker); null when no job was given. */
export function jobCategory(job: string | null | undefined): JobCategory | null {
  const key = job ? searchKey(job).toLowerCase() : "";
  if (!key) return null;
  const padded = ` ${key} `;
  for (const [category, phrases] of JOB_PHRASES) if (phrases.some((phrase) => padded.includes(` ${phrase} `))) return category;
  return "other";
}
