struct RowView {}
