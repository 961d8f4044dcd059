import { expect, test } from "vitest";
import { JOB_CATEGORIES } from "../../shared/audience.ts";
import { JOB_PHRASES, jobCategory } from "./job.ts";

test("free-text jobs, Vietnamese or English, with or without diacritics, fall into the documented categories", () => {
  const cases: [string, string][] = [
    ["Sinh viên năm 3", "student"],
    ["sinh vien", "student"],
    ["Nhân viên văn phòng", "office_worker"],
    ["Nhân viên kinh doanh", "office_worker"],
    ["Nhân viên y tế", "healthcare"],
    ["Chủ shop quần áo online", "business_owner"],
    ["Giám đốc", "business_owner"],
    ["Giáo viên mầm non", "teacher"],
    ["KỸ SƯ CNTT", "engineer_it"],
    ["Software engineer", "engineer_it"],
    ["Công nhân may", "worker"],
    ["Nông dân", "farmer"],
    ["Mẹ bỉm sữa", "homemaker"],
    ["TikToker", "creator"],
    ["Kinh doanh tự do", "freelancer"],
    ["Công chức", "civil_servant"],
    ["Nghỉ hưu", "retired"],
    ["Đầu bếp", "other"],
  ];
  for (const [job, category] of cases) expect(jobCategory(job), job).toBe(category);
  expect(jobCategory(null)).toBeNull();
  expect(jobCategory("  ")).toBeNull();
});

test("every category is a documented one, and phrases are written as the matcher folds text", () => {
  for (const [category, phrases] of JOB_PHRASES) {
    expect(JOB_CATEGORIES).toContain(category);
    for (const phrase of phrases) expect(phrase).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
  }
});
