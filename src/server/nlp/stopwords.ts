// Words that carry no topic for the keyword cloud. Vietnamese entries are single syllables in normalizeForMatch
// form; "không", "được", "rất" are stop words here (they matter for sentiment, not for "what people talk about").

const VIETNAMESE = `
  à á ạ ả ã ai anh ấy ầy bà bác bạn bao bây bấy bằng bên bển bị bởi bỏ bọn bản cả các cách cái càng cần cậu
  cháu chắc chẳng chỉ chị chiếc chính cho chỗ chớ chứ chú chúng chưa chuyện có coi còn con cô cơ cũng cùng cứ
  của cụ dạ dì dù dưới đã đang đâu đây đấy đầu để đến đều đi điều đó đôi đúng được gì giờ giữa gồm hả hai hãy
  hầu hết hay hắn hết hề hiện hoặc hôm họ hơi hơn hở hử khá khi khiến khỏi không kia kìa kể là lại làm
  lần lắm lên lúc luôn lại mà mai mày mấy mình mọi mỗi một mới muốn mười nà nào nay này năm nên nếu nữa
  nè nhau nhé nhỉ nhất nhiên nhiều nhiêu như nhưng những nơi nó nói nên ngay ngày nghìn ngàn người nha
  nhá nhằm nhận ô ơ ở ơi phải qua quá ra rằng rất riêng rồi sao sau sáu sắp sẽ sự ta tại tám tao tất thì
  thế thêm theo thấy thật thôi thứ thường thực tôi tớ từ tuy từng trăm trên trong trước triệu tỷ tỉ vài vào
  vẫn vậy về vì việc với vừa vâng xin xong ừ ừm ừa ư ý ạ ba bốn bảy chín mươi lăm rưỡi hồi kiểu loại
  bị bởi biết bảo cũng đi tự vô ấy chừng khoảng gần xa bất cứ dù sao đấy đó nấy ni nớ mô tê răng rứa
  ok admin shop inbox url
`;

const ENGLISH = `
  a an and or but if of to in on at for with by from is are was were be been being it its this that these
  those i me my you your he him his she her we our they them their as so not no yes do does did done have has
  had will would can could should just very too also all any some more most much many what which who whom when
  where why how than then there here up down out about into over after before again once only own same such
  both each few other nor off now via lol http https www com vn html
`;

export const STOPWORDS: ReadonlySet<string> = new Set(`${VIETNAMESE} ${ENGLISH}`.split(/\s+/).filter(Boolean));

export function isStopword(term: string): boolean {
  return STOPWORDS.has(term);
}
