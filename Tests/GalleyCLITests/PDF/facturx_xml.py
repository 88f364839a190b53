"""Builds a Factur-X (EN 16931, UN/CEFACT CII D16B) invoice XML from a W1 invoice record and
prints the record with it added as "facturx", for the tests (PDFStandardsTests.swift).

usage: facturx_xml.py RECORD.json OUT-RECORD.json OUT.xml
"""
import json
import sys
import xml.etree.ElementTree as ET

RSM = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
RAM = "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
UDT = "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"
for prefix, uri in (("rsm", RSM), ("ram", RAM), ("udt", UDT)):
    ET.register_namespace(prefix, uri)


def sub(parent, ns, tag, text=None, **attributes):
    element = ET.SubElement(parent, "{%s}%s" % (ns, tag), attributes)
    if text is not None:
        element.text = text
    return element


def money(value):
    return "%.2f" % value


def party(parent, tag, record):
    element = sub(parent, RAM, tag)
    sub(element, RAM, "Name", record["name"])
    address = sub(element, RAM, "PostalTradeAddress")
    sub(address, RAM, "LineOne", record["lines"][0])
    sub(address, RAM, "CityName", record["lines"][1])
    sub(address, RAM, "CountryID", "DE" if record["lines"][2] == "Germany" else "FR")


def main():
    record = json.load(open(sys.argv[1]))
    date = record["date"].replace("-", "")
    root = ET.Element("{%s}CrossIndustryInvoice" % RSM)
    context = sub(root, RSM, "ExchangedDocumentContext")
    sub(sub(context, RAM, "GuidelineSpecifiedDocumentContextParameter"), RAM, "ID", "urn:cen.eu:en16931:2017")
    document = sub(root, RSM, "ExchangedDocument")
    sub(document, RAM, "ID", record["number"])
    sub(document, RAM, "TypeCode", "380")
    sub(sub(document, RAM, "IssueDateTime"), UDT, "DateTimeString", date, format="102")
    transaction = sub(root, RSM, "SupplyChainTradeTransaction")
    total = 0.0
    for index, item in enumerate(record["items"]):
        amount = round(item["qty"] * item["unit_price"], 2)
        total += amount
        line = sub(transaction, RAM, "IncludedSupplyChainTradeLineItem")
        sub(sub(line, RAM, "AssociatedDocumentLineDocument"), RAM, "LineID", str(index + 1))
        sub(sub(line, RAM, "SpecifiedTradeProduct"), RAM, "Name", item["description"])
        price = sub(sub(line, RAM, "SpecifiedLineTradeAgreement"), RAM, "NetPriceProductTradePrice")
        sub(price, RAM, "ChargeAmount", money(item["unit_price"]))
        sub(sub(line, RAM, "SpecifiedLineTradeDelivery"), RAM, "BilledQuantity", str(item["qty"]), unitCode="C62")
        settlement = sub(line, RAM, "SpecifiedLineTradeSettlement")
        tax = sub(settlement, RAM, "ApplicableTradeTax")
        sub(tax, RAM, "TypeCode", "VAT")
        sub(tax, RAM, "CategoryCode", "S")
        sub(tax, RAM, "RateApplicablePercent", "8")
        sub(sub(settlement, RAM, "SpecifiedTradeSettlementLineMonetarySummation"), RAM, "LineTotalAmount", money(amount))
    agreement = sub(transaction, RAM, "ApplicableHeaderTradeAgreement")
    party(agreement, "SellerTradeParty", record["seller"])
    party(agreement, "BuyerTradeParty", record["buyer"])
    sub(transaction, RAM, "ApplicableHeaderTradeDelivery")
    settlement = sub(transaction, RAM, "ApplicableHeaderTradeSettlement")
    sub(settlement, RAM, "InvoiceCurrencyCode", "EUR")
    tax = sub(settlement, RAM, "ApplicableTradeTax")
    sub(tax, RAM, "CalculatedAmount", money(total * 0.08))
    sub(tax, RAM, "TypeCode", "VAT")
    sub(tax, RAM, "BasisAmount", money(total))
    sub(tax, RAM, "CategoryCode", "S")
    sub(tax, RAM, "RateApplicablePercent", "8")
    summary = sub(settlement, RAM, "SpecifiedTradeSettlementHeaderMonetarySummation")
    sub(summary, RAM, "LineTotalAmount", money(total))
    sub(summary, RAM, "TaxBasisTotalAmount", money(total))
    sub(summary, RAM, "TaxTotalAmount", money(total * 0.08), currencyID="EUR")
    sub(summary, RAM, "GrandTotalAmount", money(total * 1.08))
    sub(summary, RAM, "DuePayableAmount", money(total * 1.08))
    xml = b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8")
    record["facturx"] = xml.decode("utf-8")
    json.dump(record, open(sys.argv[2], "w"), ensure_ascii=False)
    open(sys.argv[3], "wb").write(xml)


main()
