"""Describes a PDF's standards-related structure as JSON, independently of Galley (pikepdf =
libqpdf from Python, and Python's own XML parser): XMP, document info, output intents, fonts,
the structure tree in order, marked content, annotations, attachments, encryption.

usage: pdf_report.py FILE.pdf [PASSWORD]   (the tests in PDFStandardsTests.swift read its output)
"""
import json
import sys
import xml.etree.ElementTree as ET

import pikepdf

NS = {
    "x": "adobe:ns:meta/", "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/", "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdf": "http://ns.adobe.com/pdf/1.3/", "pdfaid": "http://www.aiim.org/pdfa/ns/id/",
    "pdfuaid": "http://www.aiim.org/pdfua/ns/id/", "fx": "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#",
    "pdfaSchema": "http://www.aiim.org/pdfa/ns/schema#",
}
PAINTING = {"Tj", "TJ", "'", '"', "f", "F", "f*", "S", "s", "B", "B*", "b", "b*", "Do", "sh", "BI", "INLINE IMAGE"}


def text(value):
    return str(value) if value is not None else None


def xmp_report(pdf):
    if "/Metadata" not in pdf.Root:
        return None
    stream = pdf.Root.Metadata
    raw = stream.read_bytes()
    root = ET.fromstring(raw.decode("utf-8").split("?>", 1)[1].rsplit("<?xpacket", 1)[0])
    values = {}
    for description in root.iter("{%s}Description" % NS["rdf"]):
        for child in description:
            prefix = next((p for p, uri in NS.items() if child.tag.startswith("{%s}" % uri)), None)
            name = "%s:%s" % (prefix, child.tag.split("}")[1])
            items = [li.text for li in child.iter("{%s}li" % NS["rdf"]) if li.text is not None]
            values[name] = items if items and name != "pdfaExtension:schemas" else child.text
    schemas = [e.text for e in root.iter("{%s}namespaceURI" % NS["pdfaSchema"])]
    return {"values": values, "extensionSchemas": schemas, "filtered": "/Filter" in stream,
            "wellFormed": True}


def fonts_report(pdf):
    fonts = {}

    def visit(resources):
        if resources is None:
            return
        for name, font in dict(resources.get("/Font") or {}).items():
            subtype = text(font.get("/Subtype"))
            descriptor = font.get("/FontDescriptor")
            if subtype == "/Type0":
                descendant = font.DescendantFonts[0]
                descriptor = descendant.get("/FontDescriptor")
            embedded = subtype == "/Type3" or (descriptor is not None and any(
                k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")))
            fonts[text(font.get("/BaseFont")) or name] = {
                "subtype": subtype, "embedded": embedded, "toUnicode": "/ToUnicode" in font}
        for xobject in dict(resources.get("/XObject") or {}).values():
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in pdf.pages:
        visit(page.obj.get("/Resources"))
    return fonts


def marked_content_report(pdf):
    pages = []
    for index, page in enumerate(pdf.pages):
        depth, artifact_depth, untagged, mcids, artifacts = 0, 0, 0, [], []
        stack = []
        for operands, operator in pikepdf.parse_content_stream(page):
            op = str(operator)
            if op in ("BDC", "BMC"):
                tag = str(operands[0])
                props = operands[1] if op == "BDC" else None
                stack.append(tag)
                if tag == "/Artifact":
                    artifact_depth += 1
                    subtype = props.get("/Subtype") if isinstance(props, pikepdf.Dictionary) else None
                    kind = props.get("/Type") if isinstance(props, pikepdf.Dictionary) else None
                    artifacts.append([text(kind), text(subtype)])
                elif isinstance(props, pikepdf.Dictionary) and "/MCID" in props:
                    mcids.append([tag, int(props.MCID), artifact_depth > 0])
                depth += 1
            elif op == "EMC":
                depth -= 1
                if stack and stack.pop() == "/Artifact":
                    artifact_depth -= 1
            elif op in PAINTING and depth == 0:
                untagged += 1
        pages.append({"untaggedPaintings": untagged, "mcids": mcids, "artifacts": artifacts})
    return pages


def structure_report(pdf):
    if "/StructTreeRoot" not in pdf.Root:
        return None
    page_index = {page.obj.objgen: i for i, page in enumerate(pdf.pages)}
    elements = []

    def visit(node, depth, page):
        role = text(node.get("/S"))
        if "/Pg" in node:
            page = page_index.get(node.Pg.objgen, page)
        kids = node.get("/K")
        kids = list(kids) if isinstance(kids, pikepdf.Array) else ([] if kids is None else [kids])
        content, annotations, children = [], 0, []
        entry = {"role": role, "depth": depth, "alt": text(node.get("/Alt")),
                 "actualText": text(node.get("/ActualText")), "lang": text(node.get("/Lang")),
                 "scope": text(node.A.get("/Scope")) if "/A" in node else None, "content": content}
        elements.append(entry)
        for kid in kids:
            if isinstance(kid, int):
                content.append([page, int(kid)])
            elif isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/MCR":
                content.append([page_index.get(kid.Pg.objgen, page) if "/Pg" in kid else page, int(kid.MCID)])
            elif isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/OBJR":
                annotations += 1
            elif isinstance(kid, pikepdf.Dictionary):
                visit(kid, depth + 1, page)
        entry["annotations"] = annotations

    root = pdf.Root.StructTreeRoot
    for kid in (root.K if isinstance(root.K, pikepdf.Array) else [root.K]):
        visit(kid, 0, None)
    # The parent tree maps (page, MCID) back to elements: check it agrees with the kids.
    nums = list(root.ParentTree.get("/Nums", []))
    parent_tree = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
    return {"elements": elements, "parentTreeKeys": sorted(parent_tree), "nextKey": int(root.get("/ParentTreeNextKey", -1))}


def annotations_report(pdf):
    result = []
    for index, page in enumerate(pdf.pages):
        for annotation in page.obj.get("/Annots") or []:
            result.append({"page": index, "subtype": text(annotation.get("/Subtype")),
                           "flags": int(annotation.get("/F", 0)), "contents": text(annotation.get("/Contents")),
                           "structParent": int(annotation.StructParent) if "/StructParent" in annotation else None,
                           "tabs": text(page.obj.get("/Tabs"))})
    return result


def attachments_report(pdf):
    result = []
    for spec in pdf.Root.get("/AF") or []:
        stream = spec.EF.F
        params = stream.get("/Params") or {}
        result.append({"name": text(spec.get("/UF")), "f": text(spec.get("/F")),
                       "relationship": text(spec.get("/AFRelationship")), "mime": text(stream.get("/Subtype")),
                       "description": text(spec.get("/Desc")), "modDate": text(params.get("/ModDate")),
                       "size": int(params.get("/Size", -1)), "bytes": len(stream.read_bytes())})
    names = pdf.Root.get("/Names", {}).get("/EmbeddedFiles", {}).get("/Names", [])
    return {"af": result, "nameTree": [text(names[i]) for i in range(0, len(names), 2)]}


def main():
    password = sys.argv[2] if len(sys.argv) > 2 else ""
    pdf = pikepdf.open(sys.argv[1], password=password)
    info = {str(k): text(v) for k, v in pdf.docinfo.items()} if "/Info" in pdf.trailer else {}
    intents = []
    for intent in pdf.Root.get("/OutputIntents") or []:
        profile = intent.get("/DestOutputProfile")
        intents.append({"s": text(intent.get("/S")), "identifier": text(intent.get("/OutputConditionIdentifier")),
                        "profileBytes": len(profile.read_bytes()) if profile is not None else 0,
                        "n": int(profile.N) if profile is not None else None})
    interpolated = sum(1 for obj in pdf.objects if isinstance(obj, pikepdf.Stream)
                       and obj.get("/Subtype") == "/Image" and obj.get("/Interpolate") is not None
                       and bool(obj.Interpolate))
    allow = pdf.allow
    report = {
        "version": pdf.pdf_version, "encrypted": pdf.is_encrypted,
        "encryption": {"R": pdf.encryption.R, "bits": pdf.encryption.bits,
                       "stream": str(pdf.encryption.stream_method)} if pdf.is_encrypted else None,
        "allow": {"print": allow.print_highres, "extract": allow.extract, "accessibility": allow.accessibility,
                  "modify": allow.modify_other},
        "id": "/ID" in pdf.trailer, "lang": text(pdf.Root.get("/Lang")),
        "marked": bool(pdf.Root.MarkInfo.get("/Marked", False)) if "/MarkInfo" in pdf.Root else False,
        "displayDocTitle": bool(pdf.Root.ViewerPreferences.get("/DisplayDocTitle", False))
        if "/ViewerPreferences" in pdf.Root else False,
        "info": info, "xmp": xmp_report(pdf), "outputIntents": intents, "fonts": fonts_report(pdf),
        "interpolatedImages": interpolated, "structure": structure_report(pdf),
        "markedContent": marked_content_report(pdf), "annotations": annotations_report(pdf),
        "attachments": attachments_report(pdf),
    }
    json.dump(report, sys.stdout, indent=1)


main()
