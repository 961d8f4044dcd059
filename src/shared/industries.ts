type Industry = { id: number; vi: string; en: string };

export const INDUSTRIES: readonly Industry[] = [
  { id: 1, vi: "Ngân hàng", en: "Banking" },
  { id: 8, vi: "Dược phẩm", en: "Pharmacy" },
  { id: 1553, vi: "Đồ gia dụng", en: "Household appliances" },
  { id: 10586, vi: "Bất động sản", en: "Property" },
  { id: 10628, vi: "Hàng không", en: "Airline" },
  { id: 11622, vi: "Viễn thông", en: "Telecommunication" },
  { id: 11841, vi: "Đồ uống", en: "Drink" },
  { id: 11968, vi: "Ô tô", en: "Car" },
  { id: 20088, vi: "Bảo hiểm", en: "Insurance" },
  { id: 19766, vi: "Sữa", en: "Milk" },
  { id: 19369, vi: "Nội thất", en: "Furniture" },
  { id: 19135, vi: "Vận tải đường bộ", en: "Road transport" },
  { id: 19894, vi: "Thanh toán", en: "Payment" },
  { id: 1554, vi: "Tài chính", en: "Finance" },
  { id: 0, vi: "Khác", en: "Other" },
];

export function industryName(id: number, lang: "vi" | "en"): string | undefined {
  return INDUSTRIES.find((i) => i.id === id)?.[lang];
}
