/// The example's data: a logistics company's quarter, generated deterministically so every
/// run renders the same report.
struct Shipment {
    var code: String
    var customer: String
    var region: String
    var weight: Double
    var amount: Double
}

struct RegionSummary {
    var name: String
    var shipments: Int
    var amount: Double
}

struct ReportData {
    var title = "Northwind Freight — Q3 2024 operations"
    var date = "1 October 2024"
    var summary = """
        Northwind Freight moved more goods in the third quarter than in any quarter before it. \
        Volume rose steadily from July to September as two new cross-dock hubs came online, and \
        on-time delivery held above 96% despite the September port congestion. Revenue per \
        shipment fell slightly because the new regional contracts are priced for volume; the \
        margin effect is offset by lower linehaul costs. The tables below list every shipment \
        of the quarter and the totals by region.
        """
    var outlook = """
        For the fourth quarter we expect seasonal volume to peak in November. Capacity has been \
        reserved with three partner carriers, and the Rotterdam hub will extend its hours from \
        mid-October. Customers can follow every shipment on the public tracking portal.
        """
    var months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep"]
    var monthlyRevenue: [Double] = [182, 176, 198, 204, 221, 218, 236, 249, 263]
    var shipments: [Shipment]
    var regions: [RegionSummary]

    /// `count` shipments from a fixed linear congruential sequence.
    init(count: Int = 140) {
        let customers = [
            "Acme Tools", "Baltic Timber", "Cobalt Labs", "Delta Foods", "Evergreen Paper", "Fjord Fisheries",
            "Granite Works", "Harbor Textiles", "Iris Pharma", "Juniper Wines",
        ]
        let regionNames = ["North", "South", "East", "West", "Central"]
        var seed: UInt64 = 20_240_930
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        var shipments: [Shipment] = []
        for index in 0..<count {
            let weight = Double(200 + next() % 9_800) / 10
            shipments.append(
                Shipment(
                    code: "NF-\(3001 + index)", customer: customers[Int(next() % UInt64(customers.count))],
                    region: regionNames[Int(next() % UInt64(regionNames.count))], weight: weight,
                    amount: (weight * Double(8 + next() % 5)).rounded() + 45))
        }
        self.shipments = shipments
        regions = regionNames.map { name in
            let mine = shipments.filter { $0.region == name }
            return RegionSummary(name: name, shipments: mine.count, amount: mine.reduce(0) { $0 + $1.amount })
        }
    }

    var totalAmount: Double { shipments.reduce(0) { $0 + $1.amount } }
}

/// "12,345.00" (grouped thousands, two decimals) without Foundation's locale machinery.
func money(_ value: Double) -> String {
    let cents = Int((value * 100).rounded())
    var whole = String(cents / 100)
    var grouped = ""
    while whole.count > 3 {
        grouped = "," + whole.suffix(3) + grouped
        whole = String(whole.dropLast(3))
    }
    let fraction = cents % 100
    return whole + grouped + "." + (fraction < 10 ? "0" : "") + String(fraction)
}
