import Galley
import GalleyLayout
import GalleyRender
import GalleyReport
import GalleyText

/// The example report, written with the GalleyReport DSL: a title, a summary, a chart, a
/// shipments table that runs over several pages (its header repeated on each), a regional
/// summary with a total row, an outlook with an external link, bookmarks for every section
/// listed with their pages in a table of contents, and "Page N of M" footers.
enum QuarterlyReport {
    static let ink = Color(rgb8: 0x1f, 0x29, 0x33)
    static let muted = Color(rgb8: 0x52, 0x60, 0x6d)
    static let accent = Color(rgb8: 0x1d, 0x4e, 0xd8)
    static let rule = Color(rgb8: 0xcb, 0xd2, 0xd9)
    static let headerFill = Color(rgb8: 0xe4, 0xe7, 0xeb)
    static let stripe = Color(rgb8: 0xf4, 0xf6, 0xf8)
    static let portal = "https://example.com/northwind/tracking"

    static func document(_ data: ReportData) -> Report {
        Report(
            page: .a4, margins: EdgeInsets(top: 60, left: 50, bottom: 50, right: 50), spacing: 10,
            textStyle: TextStyle(font: "Liberation Sans", fontSize: 10, color: ink)
        ) {
            Text(data.title).fontSize(24).bold()
                .id("top").bookmark(data.title)
            Text("Prepared by Operations Analytics · \(data.date)").foregroundColor(muted)
            Box(width: 0, height: 1).background(rule)
            // The sections (level 2), not the report's own title.
            TableOfContents(title: "Contents", levels: 2...2)

            heading("Summary")
            Text(data.summary).alignment(.justify).lineHeight(1.3)
            keyFigures(data)

            heading("Revenue by month")
            VStack(spacing: 4) {
                Node { ChartNode(kind: .bar, values: data.monthlyRevenue, labels: data.months, color: accent) }
                    .frame(height: 150)
                Text("Revenue in thousands of euros, January to September 2024.").fontSize(8).foregroundColor(muted)
            }
            .keepTogether()

            heading("Shipments")
            Text("Every shipment of the quarter, in dispatch order. Weights in kilograms, amounts in euros.")
            shipmentsTable(data.shipments)

            heading("Totals by region").pageBreak()
            regionTable(data)

            heading("Outlook")
            Text(data.outlook).alignment(.justify).lineHeight(1.3)
            HStack(spacing: 4) {
                Text("Tracking portal:")
                Text(portal).foregroundColor(accent).underline().link(portal)
            }
            Text("Back to the top").fontSize(8).foregroundColor(accent).link("#top")
        }
        .header { _ in
            HStack(justification: .spaceBetween) {
                Text(data.title)
                Text(data.date)
            }
            .textStyle {
                $0.fontSize = 8
                $0.color = muted
            }
        }
        .footer { page in
            Text("Page \(page.page) of \(page.pages)").fontSize(8).foregroundColor(muted).alignment(.center)
        }
        .metadata(
            title: data.title, author: "Northwind Operations Analytics", subject: "Quarterly operations report",
            keywords: ["logistics", "quarterly report", "Galley"])
    }

    /// A section heading: an outline entry, kept on the page of what follows it.
    static func heading(_ title: String) -> some ReportContent {
        Text(title).fontSize(15).bold()
            .spacing(before: 8)
            .keepWithNext()
            .bookmark(title, level: 2)
    }

    /// Three figures in tinted cards side by side.
    static func keyFigures(_ data: ReportData) -> some ReportContent {
        let figures = [
            ("Shipments", "\(data.shipments.count)"), ("Revenue (EUR)", money(data.totalAmount)),
            ("On-time delivery", "96.4%"),
        ]
        return HStack(spacing: 12) {
            ForEach(figures) { figure in
                VStack(spacing: 2) {
                    Text(figure.0).fontSize(8).foregroundColor(muted)
                    Text(figure.1).fontSize(16).bold().foregroundColor(accent)
                }
                .padding(10)
                .background(stripe)
                .border(rule, width: 0.5)
                .cornerRadius(4)
                .flexGrow(1)
                .flexBasis(.points(0))
            }
        }
        .keepTogether()
    }

    static func shipmentsTable(_ shipments: [Shipment]) -> some ReportContent {
        Table(shipments) {
            Column("Code", width: .points(62)) { row in Text(row.code) }
            Column("Customer") { row in Text(row.customer) }
            Column("Region", width: .points(70)) { row in Text(row.region) }
            Column("Weight", width: .points(64), alignment: .end) { row in Text(String(format1: row.weight)) }
            Column("Amount", width: .points(80), alignment: .end) { row in Text(money(row.amount)) }
        }
        .cellPadding(EdgeInsets(top: 3, left: 6, bottom: 3, right: 6))
        .grid(width: 0.5, color: rule)
        .headerBackground(headerFill)
        .stripes(odd: stripe)
    }

    static func regionTable(_ data: ReportData) -> some ReportContent {
        Table(data.regions) {
            Column("Region") { region in Text(region.name) }
            Column("Shipments", width: .points(80), alignment: .end) { region in Text("\(region.shipments)") }
            Column("Amount (EUR)", width: .points(110), alignment: .end) { region in Text(money(region.amount)) }
        }
        .grid(width: 0.5, color: rule)
        .headerBackground(headerFill)
        .summary {
            TableRow(background: headerFill) {
                Text("Total").bold().colSpan(2)
                Text(money(data.totalAmount)).bold().alignment(.end)
            }
        }
        .keepTogether()
    }
}

extension String {
    /// One decimal place ("123.4").
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
